import { clip } from "../../../text/clip.js";

export interface JsonChange {
  op: "add" | "remove" | "replace";
  /** RFC 6901 JSON Pointer into the document ("" is the whole document). */
  path: string;
  /** The new value (add, replace); a short description instead when it is large. */
  value?: unknown;
  /** The previous value (remove, replace); a short description instead when it is large. */
  old?: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Changes that turn `before` into `after`, in document order. Objects are compared key by key
 * (own keys only, so a "__proto__" key is an ordinary key), arrays index by index: an insertion in
 * the middle of an array shows as a run of replacements plus an add at the end. Depth is bounded by
 * the caller (the documents were depth-checked before parsing).
 */
export function diffJson(before: unknown, after: unknown, maxChanges: number, maxValueChars = 300) {
  const changes: JsonChange[] = [];
  let total = 0;
  const brief = (value: unknown): unknown => {
    const text = JSON.stringify(value);
    if (text === undefined || text.length <= maxValueChars) return value;
    if (Array.isArray(value)) return `<array of ${value.length} items>`;
    if (value && typeof value === "object") return `<object with ${Object.keys(value).length} keys>`;
    return clip(text, maxValueChars);
  };
  const record = (change: JsonChange) => {
    total++;
    if (changes.length < maxChanges) {
      if ("value" in change) change.value = brief(change.value);
      if ("old" in change) change.old = brief(change.old);
      changes.push(change);
    }
  };
  const walk = (a: Json, b: Json, path: string) => {
    if (Array.isArray(a) && Array.isArray(b)) {
      const shared = Math.min(a.length, b.length);
      for (let i = 0; i < shared; i++) walk(a[i]!, b[i]!, `${path}/${i}`);
      for (let i = shared; i < b.length; i++) record({ op: "add", path: `${path}/${i}`, value: b[i] });
      for (let i = shared; i < a.length; i++) record({ op: "remove", path: `${path}/${i}`, old: a[i] });
    } else if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) {
        const child = `${path}/${escapePointer(key)}`;
        if (Object.hasOwn(b, key)) walk(a[key]!, b[key]!, child);
        else record({ op: "remove", path: child, old: a[key] });
      }
      for (const key of Object.keys(b)) {
        if (!Object.hasOwn(a, key))
          record({ op: "add", path: `${path}/${escapePointer(key)}`, value: b[key] });
      }
    } else if (a !== b) {
      record({ op: "replace", path, value: b, old: a });
    }
  };
  walk(before as Json, after as Json, "");
  return { changes, total };
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
