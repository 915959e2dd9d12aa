import { ChildWorker, type ChildOutcome, type ChildWorkerOptions, type TaskLimits } from "./worker.js";

/**
 * Runs one task in a fresh child that is stopped as soon as the task ends: nothing stays resident
 * between tasks (nor anything a task left behind in the child), and tasks run side by side.
 */
export async function runInFreshChild<Request, Reply>(
  options: Omit<ChildWorkerOptions, "idleMs">,
  request: Request,
  limits: TaskLimits,
): Promise<ChildOutcome<Reply>> {
  const worker = new ChildWorker<Request, Reply>({ ...options, idleMs: 0 });
  try {
    return await worker.run(request, limits);
  } finally {
    await worker.close();
  }
}
