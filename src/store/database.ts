import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { OWNER_KEYS_MIGRATION } from "./conversation-access.js";
import { openFault } from "./storage-errors.js";

export type Db = Database.Database;

/** Each entry moves the schema one version up; never edit a released entry, add a new one. */
const MIGRATIONS: string[] = [
  `CREATE TABLE conversations (
     id TEXT PRIMARY KEY,
     source TEXT NOT NULL,
     title TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE TABLE messages (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
     turn_id TEXT,
     role TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX messages_by_conversation ON messages(conversation_id, id);
   CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
     tool_call_id TEXT NOT NULL,
     tool_name TEXT NOT NULL,
     arguments TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'interrupted')),
     result TEXT,
     started_at INTEGER NOT NULL,
     finished_at INTEGER,
     delivered_at INTEGER
   );
   CREATE INDEX jobs_undelivered ON jobs(conversation_id) WHERE delivered_at IS NULL;`,
  `ALTER TABLE conversations ADD COLUMN transcript_hash TEXT;
   ALTER TABLE conversations ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;
   CREATE INDEX conversations_by_transcript ON conversations(transcript_hash);`,
  `CREATE TABLE turns (
     id TEXT PRIMARY KEY,
     conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
     number INTEGER NOT NULL,
     status TEXT NOT NULL
       CHECK (status IN ('running', 'awaiting_client', 'completed', 'failed', 'cancelled', 'interrupted')),
     error TEXT,
     rounds INTEGER,
     tool_calls INTEGER,
     prompt_tokens INTEGER,
     completion_tokens INTEGER,
     cached_tokens INTEGER,
     started_at INTEGER NOT NULL,
     finished_at INTEGER
   );
   CREATE INDEX turns_by_conversation ON turns(conversation_id, number);
   CREATE INDEX turns_by_start ON turns(started_at);
   CREATE TABLE client_calls (
     call_id TEXT PRIMARY KEY,
     turn_id TEXT NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
     name TEXT NOT NULL
   );
   DROP INDEX conversations_by_transcript;
   ALTER TABLE conversations DROP COLUMN transcript_hash;
   ALTER TABLE conversations ADD COLUMN caller TEXT NOT NULL DEFAULT '';
   ALTER TABLE conversations ADD COLUMN seen TEXT NOT NULL DEFAULT '[]';
   ALTER TABLE conversations ADD COLUMN seen_tail TEXT;
   CREATE INDEX conversations_by_seen_tail ON conversations(seen_tail, source, caller);
   CREATE INDEX conversations_by_update ON conversations(updated_at);
   ALTER TABLE conversations ADD COLUMN external_id TEXT;
   CREATE UNIQUE INDEX conversations_by_external_id ON conversations(source, external_id)
     WHERE external_id IS NOT NULL;`,
  `CREATE TABLE reminders (
     id TEXT PRIMARY KEY,
     message TEXT NOT NULL,
     schedule TEXT NOT NULL,
     targets TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('active', 'done', 'cancelled')),
     next_at INTEGER,
     snoozed_until INTEGER,
     fired INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     created_by TEXT NOT NULL DEFAULT '',
     conversation_id TEXT
   );
   CREATE INDEX reminders_active ON reminders(status, next_at);
   CREATE TABLE reminder_occurrences (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     reminder_id TEXT NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
     due_at INTEGER NOT NULL,
     fired_at INTEGER NOT NULL,
     kind TEXT NOT NULL,
     skipped INTEGER NOT NULL DEFAULT 0,
     UNIQUE (reminder_id, due_at)
   );
   CREATE TABLE reminder_deliveries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     occurrence_id INTEGER NOT NULL REFERENCES reminder_occurrences(id) ON DELETE CASCADE,
     target TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_try_at INTEGER,
     sent_at INTEGER,
     UNIQUE (occurrence_id, target)
   );
   CREATE INDEX reminder_deliveries_pending ON reminder_deliveries(status) WHERE status = 'pending';`,
  `CREATE TABLE thoughts (
     id TEXT PRIMARY KEY,
     trigger_kind TEXT NOT NULL,
     trigger TEXT NOT NULL,
     dedupe_key TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'skipped', 'cancelled', 'failed')),
     outcome TEXT,
     text TEXT,
     actions TEXT NOT NULL DEFAULT '[]',
     reason TEXT,
     conversation_id TEXT,
     tokens INTEGER NOT NULL DEFAULT 0,
     started_at INTEGER NOT NULL,
     finished_at INTEGER,
     note_delivered_at INTEGER
   );
   CREATE INDEX thoughts_by_start ON thoughts(started_at);
   CREATE INDEX thoughts_notes ON thoughts(outcome) WHERE outcome = 'note' AND note_delivered_at IS NULL;`,
  // The knowledge base and the memory index (src/knowledge). The FTS tables are contentless: they hold only
  // the index of derived tokens (Latin words, CJK unigrams and bigrams), the text stays in its own table.
  `CREATE TABLE knowledge_documents (
     id TEXT PRIMARY KEY,
     source TEXT NOT NULL,
     origin TEXT NOT NULL CHECK (origin IN ('text', 'url', 'file', 'upload')),
     title TEXT NOT NULL,
     tags TEXT NOT NULL DEFAULT '[]',
     content_type TEXT NOT NULL,
     hash TEXT NOT NULL,
     chars INTEGER NOT NULL,
     chunks INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE UNIQUE INDEX knowledge_documents_by_source ON knowledge_documents(source);
   CREATE INDEX knowledge_documents_by_hash ON knowledge_documents(hash);
   CREATE INDEX knowledge_documents_by_update ON knowledge_documents(updated_at);
   CREATE TABLE knowledge_chunks (
     id INTEGER PRIMARY KEY,
     document_id TEXT NOT NULL REFERENCES knowledge_documents(id) ON DELETE CASCADE,
     ordinal INTEGER NOT NULL,
     heading TEXT NOT NULL,
     text TEXT NOT NULL
   );
   CREATE INDEX knowledge_chunks_by_document ON knowledge_chunks(document_id, ordinal);
   CREATE VIRTUAL TABLE knowledge_fts USING fts5(heading, body, content = '', contentless_delete = 1,
     tokenize = 'porter unicode61 remove_diacritics 2');
   CREATE TRIGGER knowledge_chunks_unindex AFTER DELETE ON knowledge_chunks
     BEGIN DELETE FROM knowledge_fts WHERE rowid = old.id; END;
   CREATE TABLE knowledge_vectors (
     chunk_id INTEGER PRIMARY KEY REFERENCES knowledge_chunks(id) ON DELETE CASCADE,
     model TEXT NOT NULL,
     vector BLOB NOT NULL,
     code BLOB NOT NULL
   );
   CREATE INDEX knowledge_vectors_by_model ON knowledge_vectors(model);
   CREATE VIRTUAL TABLE memory_fts USING fts5(body, content = '', contentless_delete = 1,
     tokenize = 'porter unicode61 remove_diacritics 2');
   CREATE TRIGGER messages_unindex AFTER DELETE ON messages
     BEGIN DELETE FROM memory_fts WHERE rowid = old.id; END;
   CREATE VIRTUAL TABLE thought_fts USING fts5(body, content = '', contentless_delete = 1,
     tokenize = 'porter unicode61 remove_diacritics 2');
   CREATE TABLE knowledge_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL);`,
  OWNER_KEYS_MIGRATION,
  // Reminders: a delivery is 'sending' while its attempt is under way, so one Cyrene died during is known
  // (`unsure` when it is tried again); 'unknown' is such an attempt to a target that cannot drop a repeat.
  // Thoughts: skipped triggers become counters per hour and reason instead of a row each.
  `CREATE TABLE reminder_deliveries_next (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     occurrence_id INTEGER NOT NULL REFERENCES reminder_occurrences(id) ON DELETE CASCADE,
     target TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unknown')),
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_try_at INTEGER,
     sent_at INTEGER,
     unsure INTEGER NOT NULL DEFAULT 0,
     UNIQUE (occurrence_id, target)
   );
   INSERT INTO reminder_deliveries_next (id, occurrence_id, target, status, attempts, last_error, next_try_at, sent_at)
     SELECT id, occurrence_id, target, status, attempts, last_error, next_try_at, sent_at FROM reminder_deliveries;
   DROP TABLE reminder_deliveries;
   ALTER TABLE reminder_deliveries_next RENAME TO reminder_deliveries;
   CREATE INDEX reminder_deliveries_open ON reminder_deliveries(status) WHERE status IN ('pending', 'sending');
   CREATE TABLE thought_skips (
     hour INTEGER NOT NULL,
     reason TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (hour, reason)
   );
   INSERT INTO thought_skips (hour, reason, count)
     SELECT started_at - started_at % 3600000,
       CASE WHEN reason LIKE 'a duplicate%' THEN 'duplicate'
            WHEN reason LIKE '%tokens today%' THEN 'daily token budget'
            ELSE 'hourly budget' END,
       COUNT(*)
     FROM thoughts WHERE status = 'skipped' GROUP BY 1, 2;
   DELETE FROM thoughts WHERE status = 'skipped';`,
  // The satellite a thought's message or question was spoken on (none: it went to the notifications).
  `ALTER TABLE thoughts ADD COLUMN spoken_on TEXT;`,
  // Scheduled actions: a reminder that changes the home at its time, and each occurrence's outcome.
  `ALTER TABLE reminders ADD COLUMN action TEXT;
   ALTER TABLE reminder_occurrences ADD COLUMN action_status TEXT;
   ALTER TABLE reminder_occurrences ADD COLUMN action_outcome TEXT;`,
];

/**
 * Opens (creating if needed) the SQLite database and brings its schema up to date. A damaged file, a
 * folder that cannot be written or a full disk is a StorageError that names the file and what to do.
 */
export function openDatabase(path: string): Db {
  let db: Db | undefined;
  try {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    // Reads the whole schema and takes the write lock once: a damaged file or a folder that cannot be
    // written shows now, not at the first turn.
    db.prepare("SELECT COUNT(*) FROM sqlite_master").get();
    db.exec("BEGIN IMMEDIATE; COMMIT");
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw openFault(error, path) ?? error;
  }
}

function migrate(db: Db): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
