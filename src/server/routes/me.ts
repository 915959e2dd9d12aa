import { Router } from "express";

/** Who is signed in, as HA's ingress proxy named them (null standalone or when the headers are not trusted). */
export function meRoutes(): Router {
  const router = Router();
  router.get("/api/me", (req, res) => {
    res.json({ person: req.person ?? null });
  });
  return router;
}
