import type { Token } from "markdown-it";

// Walks markdown-it tokens to get plain text, headings, links and tables out of a document.

/** Plain text of an inline token's children: formatting dropped, images replaced by their alt text. */
function inlineText(children: Token[] | null): string {
  let text = "";
  for (const child of children ?? []) {
    switch (child.type) {
      case "text":
      case "text_special":
      case "code_inline":
        text += child.content;
        break;
      case "softbreak":
      case "hardbreak":
        text += "\n";
        break;
      case "image":
        text += inlineText(child.children);
        break;
      // link_open/close, em, strong, s and html_inline (the tags themselves) carry no text.
    }
  }
  return text;
}

/** Text of an HTML block with the tags removed. The result is plain text, never re-parsed as HTML. */
function htmlBlockText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, "")
    .replace(/<!--[\s\S]*?(-->|$)/g, "")
    .replace(/<[^>]*>?/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

export function toPlainText(tokens: Token[]): string {
  let out = "";
  const lists: { ordered: boolean; next: number }[] = [];
  let row: string[] | undefined;
  for (const token of tokens) {
    switch (token.type) {
      case "inline":
        if (row) row.push(inlineText(token.children).replace(/\n/g, " ").trim());
        else out += inlineText(token.children);
        break;
      case "heading_close":
        out += "\n\n";
        break;
      case "paragraph_close":
        out += token.hidden ? "\n" : "\n\n";
        break;
      case "bullet_list_open":
      case "ordered_list_open":
        lists.push({
          ordered: token.type === "ordered_list_open",
          next: Number(token.attrGet("start") ?? 1),
        });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        if (lists.length === 0) out += "\n";
        break;
      case "list_item_open": {
        const list = lists.at(-1);
        out += "  ".repeat(Math.max(0, lists.length - 1)) + (list?.ordered ? `${list.next++}. ` : "- ");
        break;
      }
      case "fence":
      case "code_block":
        out += token.content + "\n";
        break;
      case "html_block":
        out += htmlBlockText(token.content);
        break;
      case "hr":
        out += "\n";
        break;
      case "tr_open":
        row = [];
        break;
      case "tr_close":
        out += (row ?? []).join(" | ") + "\n";
        row = undefined;
        break;
      case "table_close":
        out += "\n";
        break;
    }
  }
  return out
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function line(token: Token): number | undefined {
  return token.map ? token.map[0] + 1 : undefined;
}

export function headings(tokens: Token[]): { level: number; text: string; line?: number }[] {
  const result: { level: number; text: string; line?: number }[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const text = inlineText(tokens[i + 1]?.children ?? null)
      .replace(/\s+/g, " ")
      .trim();
    result.push({ level: Number(token.tag.slice(1)), text, line: line(token) });
  });
  return result;
}

interface LinkInfo {
  text: string;
  url: string;
  line?: number;
  image?: true;
}

export function links(tokens: Token[]): LinkInfo[] {
  const result: LinkInfo[] = [];
  let lastLine: number | undefined;
  for (const token of tokens) {
    lastLine = line(token) ?? lastLine;
    if (token.type !== "inline") continue;
    let open: LinkInfo | undefined;
    for (const child of token.children ?? []) {
      if (child.type === "link_open") {
        open = { text: "", url: String(child.attrGet("href") ?? ""), line: lastLine };
      } else if (child.type === "link_close" && open) {
        open.text = open.text.replace(/\s+/g, " ").trim();
        result.push(open);
        open = undefined;
      } else if (child.type === "image") {
        const alt = inlineText(child.children);
        result.push({ text: alt, url: String(child.attrGet("src") ?? ""), line: lastLine, image: true });
        if (open) open.text += alt;
      } else if (open) {
        open.text += inlineText([child]);
      }
    }
  }
  return result;
}

interface TableInfo {
  line?: number;
  columns: string[];
  rows: Record<string, string>[];
  truncated?: string;
}

export function tables(tokens: Token[], maxRows: number): TableInfo[] {
  const result: TableInfo[] = [];
  let table: { line?: number; header: string[]; body: string[][] } | undefined;
  let row: string[] | undefined;
  let inHead = false;
  for (const token of tokens) {
    switch (token.type) {
      case "table_open":
        table = { line: line(token), header: [], body: [] };
        break;
      case "thead_open":
        inHead = true;
        break;
      case "thead_close":
        inHead = false;
        break;
      case "tr_open":
        row = [];
        break;
      case "inline":
        row?.push(inlineText(token.children).replace(/\s+/g, " ").trim());
        break;
      case "tr_close":
        if (table && row) {
          if (inHead) table.header = row;
          else table.body.push(row);
        }
        row = undefined;
        break;
      case "table_close":
        if (table) result.push(tableToJson(table, maxRows));
        table = undefined;
        break;
    }
  }
  return result;
}

function tableToJson(
  table: { line?: number; header: string[]; body: string[][] },
  maxRows: number,
): TableInfo {
  // Header cells become keys: empty ones get a column number, repeated ones a suffix, so no cell is lost.
  const seen = new Set<string>();
  const columns = table.header.map((cell, i) => {
    let key = cell || `column_${i + 1}`;
    for (let n = 2; seen.has(key); n++) key = `${cell || `column_${i + 1}`}_${n}`;
    seen.add(key);
    return key;
  });
  const rows = table.body.slice(0, maxRows).map((cells) => {
    // defineProperty, not assignment: a header cell named "__proto__" must stay an ordinary key.
    const record: Record<string, string> = {};
    columns.forEach((key, i) =>
      Object.defineProperty(record, key, {
        value: cells[i] ?? "",
        enumerable: true,
        writable: true,
        configurable: true,
      }),
    );
    return record;
  });
  const info: TableInfo = { line: table.line, columns, rows };
  if (table.body.length > maxRows)
    info.truncated = `${table.body.length} rows, only the first ${maxRows} listed`;
  return info;
}
