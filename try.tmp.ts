import { createRequire } from "node:module"; const require = createRequire(import.meta.url);
import { loadDataset } from "./eval/dataset.js";
import { RealHa } from "./eval/real-home.js";
const d = loadDataset();
const t0 = Date.now();
const ha = await RealHa.start();
console.log("started", Date.now() - t0, ha.logFile);
try {
  for (const home of d.homes.slice(0, 3).concat(d.homes.filter(h=>h.dataset==="cyrene-zh"))) {
    const t = Date.now();
    await ha.load(home);
    const s = await ha.states();
    const mine = home.entities.filter(e => s[e.id]);
    console.log(home.id, "load ms", Date.now() - t, mine.length, "/", home.entities.length);
    const t2 = Date.now(); await ha.reset(); console.log("reset ms", Date.now() - t2);
  }
  const s = await ha.states(); console.log(require("node:fs").readFileSync(ha.logFile,"utf8").split("\n").filter(l=>/WARN|ERROR/.test(l)&&!/ffmpeg|skip-pip/i.test(l)).slice(-30).join("\n")); console.log(Object.values(s).filter(x=>/light|media|climate/.test(x.entity_id)).slice(0,6).map(x=>JSON.stringify(x).slice(0,300)).join("\n"));
} catch (e) { console.log(String(e)); console.log(require("node:fs").readFileSync(ha.logFile,"utf8").split("\n").filter(l=>!/ffmpeg|skip-pip/i.test(l)).slice(-60).join("\n")); } finally { await ha.stop(); }
