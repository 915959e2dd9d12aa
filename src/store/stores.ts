import { join } from "node:path";
import type { Logger } from "../logging/logger.js";
import type { HomeTime } from "../time/home-time.js";
import { ConversationStore } from "./conversations.js";
import { openDatabase, type Db } from "./database.js";
import { JobStore } from "./jobs.js";
import { TurnStore } from "./turns.js";

export interface Stores {
  db: Db;
  /** The database file: the file tool and the knowledge base never touch it. */
  databasePath: string;
  conversations: ConversationStore;
  jobs: JobStore;
  turns: TurnStore;
}

/**
 * Opens the database in the data folder, its stores stamping with `time`; what the last run left running is
 * marked interrupted.
 */
export function openStores(dataDir: string, logger: Logger, time: Pick<HomeTime, "now">): Stores {
  const databasePath = join(dataDir, "cyrene.db");
  const db = openDatabase(databasePath);
  const stores = {
    db,
    databasePath,
    conversations: new ConversationStore(db, time),
    jobs: new JobStore(db, time),
    turns: new TurnStore(db, time),
  };
  const interrupted = stores.jobs.interruptRunning();
  if (interrupted > 0) logger.warn({ interrupted }, "background jobs were interrupted by the restart");
  stores.turns.interruptRunning();
  return stores;
}
