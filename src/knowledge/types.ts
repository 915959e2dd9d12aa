/** Where a document came from: pasted text, a URL, a file in the file tool's folders, or an upload. */
export type Origin = "text" | "url" | "file" | "upload";

export interface DocumentInfo {
  id: string;
  /** What identifies the document: its URL, its path, the name it was uploaded under, or its title. */
  source: string;
  origin: Origin;
  title: string;
  tags: string[];
  /** The media type it was read as: text/markdown, text/plain, text/html or application/pdf. */
  contentType: string;
  /** SHA-256 of the text it was read as. */
  hash: string;
  chars: number;
  chunks: number;
  createdAt: number;
  updatedAt: number;
}

/** A passage found by a search, with what it takes to cite it. */
export interface Passage {
  chunkId: number;
  documentId: string;
  title: string;
  source: string;
  /** The headings above the passage, "Maintenance > Filters" ("" when there are none). */
  heading: string;
  text: string;
  tags: string[];
  /** Relevance relative to the best passage of this search: 1 for the best. */
  score: number;
}

/** The tag of short facts the user asked to have remembered ("记住我的车牌是…"). */
export const MEMORY_TAG = "memory";
