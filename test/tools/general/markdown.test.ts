import { parseHTML } from "linkedom";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, describe, expect, it } from "vitest";
import { markdownTool, stopMarkdownWorker } from "../../../src/tools/general/markdown.js";
import { succeed, type ToolArgs } from "../../support/tool-calls.js";
import { toolContext } from "../../support/tool-context.js";

const tool = markdownTool({ maxInputChars: 10_000, maxItems: 3 });

afterAll(() => stopMarkdownWorker());

const run = (args: ToolArgs) => tool.execute(args, toolContext());
const data = <T = Record<string, unknown>>(args: ToolArgs) => succeed<T>(tool, args);

async function html(markdown: string): Promise<string> {
  return (await data<{ html: string }>({ operation: "html", markdown })).html;
}

const ALLOWED_TAGS = new Set(
  "h1 h2 h3 h4 h5 h6 p br hr blockquote pre code em strong b i u s del ins mark sub sup kbd small span div ul ol li dl dt dd a img table thead tbody tfoot tr th td caption details summary".split(
    " ",
  ),
);

/** Fails if the HTML holds anything a browser could run: checked on the DOM and on the raw string. */
function expectSafe(output: string): void {
  const { document } = parseHTML(`<!doctype html><html><body>${output}</body></html>`);
  for (const element of document.body.querySelectorAll("*")) {
    expect(ALLOWED_TAGS.has(element.tagName.toLowerCase()), `tag ${element.tagName} in ${output}`).toBe(true);
    for (const attr of element.attributes) {
      expect(attr.name.toLowerCase().startsWith("on"), `attribute ${attr.name} in ${output}`).toBe(false);
      if (["href", "src"].includes(attr.name))
        expect(attr.value).toMatch(/^(https?:|mailto:|tel:|#|[^:]*$)/i);
      if (attr.name === "style") expect(attr.value).toMatch(/^text-align:(left|right|center);?$/);
    }
  }
  // String level too: anything looking like a tag must be an allowed one without handlers or script URLs.
  for (const match of output.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(match[1]!.toLowerCase()), `raw tag ${match[0]}`).toBe(true);
    // Quoted values are text (sanitize-html escapes quotes inside them); what is left are attribute names.
    const attributes = match[2]!.replace(/"[^"]*"/g, '""');
    expect(attributes).not.toMatch(/\bon\w+\s*=|javascript:|vbscript:|data:/i);
    for (const [, value] of match[2]!.matchAll(/\b(?:href|src)="([^"]*)"/g)) {
      expect(value).toMatch(/^(https?:|mailto:|tel:|#|[^:]*$)/i);
    }
  }
}

const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src="javascript:alert(1)">',
  "<svg onload=alert(1)><circle/></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href=" JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  '<video poster="javascript:alert(1)"></video>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<details open ontoggle=alert(1)><summary>s</summary></details>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<xmp><img src=x onerror=alert(1)></xmp>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  "<!--><img src=x onerror=alert(1)>-->",
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<p onclick="alert(1)" onmouseover=alert(1)>p</p>',
  '<td style="text-align:left;background:url(javascript:alert(1))">cell</td>',
];

const MARKDOWN_PAYLOADS = [
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](javascript&#58;alert(1))",
  "[click](&#x6A;avascript:alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![img](javascript:alert(1))",
  '![img](x "onerror=alert(1)")',
  '[click](https://ok.example "x\\" onmouseover=\\"alert(1)")',
  "<javascript:alert(1)>",
  "[ref]\n\n[ref]: javascript:alert(1)",
  "```html\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
];

describe("markdown tool", () => {
  it("costs at most 85 tokens per request", () => {
    const wire = JSON.stringify({ type: "function", function: tool.definition() });
    expect(encode(wire).length).toBeLessThanOrEqual(85);
  });

  it("describes itself with an operation enum", () => {
    const definition = tool.definition();
    expect(definition.name).toBe("markdown");
    expect(definition.parameters).toMatchObject({
      type: "object",
      properties: { operation: { enum: ["html", "text", "headings", "links", "tables"] } },
      required: ["operation", "markdown"],
    });
  });

  it("renders Markdown to HTML", async () => {
    const output = await html(
      "# Title 标题\n\nSome **bold** and `code`, a [link](https://example.com/路径).\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```",
    );
    expect(output).toContain("<h1>Title 标题</h1>");
    expect(output).toContain("<strong>bold</strong>");
    expect(output).toContain('<a href="https://example.com/%E8%B7%AF%E5%BE%84">link</a>');
    expect(output).toContain('<td style="text-align:right">2</td>');
    expect(output).toContain('<code class="language-js">');
    expectSafe(output);
  });

  it("shows raw HTML as text, whatever the caller asks", async () => {
    expect(await html("a<br>b <sub>2</sub>")).toBe("<p>a&lt;br&gt;b &lt;sub&gt;2&lt;/sub&gt;</p>");
    const asked = await data<{ html: string }>({ operation: "html", markdown: "a<br>b", allow_html: true });
    expect(asked.html).toBe("<p>a&lt;br&gt;b</p>");
  });

  describe("XSS", () => {
    it.each([...XSS_PAYLOADS, ...MARKDOWN_PAYLOADS])("neutralises %s", async (payload) => {
      const output = await html(`text before\n\n${payload}\n\ntext after`);
      expectSafe(output);
      expect(output).toContain("text after");
    });
  });

  it("shows a script element as text, never as an element", async () => {
    const output = await html("<script>alert('x')</script>\n\nok");
    expectSafe(output);
    expect(output).toContain("&lt;script&gt;");
    expect(output).toContain("<p>ok</p>");
  });

  it("keeps safe links and drops javascript: links to plain text", async () => {
    expect(await html("[ok](mailto:a@example.com) [bad](javascript:alert(1))")).toBe(
      '<p><a href="mailto:a@example.com">ok</a> [bad](javascript:alert(1))</p>',
    );
  });

  it("turns Markdown into plain text", async () => {
    const { text } = await data<{ text: string }>({
      operation: "text",
      markdown:
        "# 标题\n\nSome **bold** and [a link](https://x.example) ![logo](l.png).\n\n- one\n- two\n  1. inner\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<div><script>alert(1)</script>raw <b>html</b> &amp; more</div>\n\n```\ncode line\n```",
    });
    expect(text).toBe(
      "标题\n\nSome bold and a link logo.\n\n- one\n- two\n  1. inner\n\na | b\n1 | 2\n\nraw html & more\ncode line",
    );
  });

  it("lists headings with level and line, capped", async () => {
    const result = await data({
      operation: "headings",
      markdown: "# One\n\nSetext\n---\n\n### *Three* `x`\n\n#### 4\n",
    });
    expect(result).toEqual({
      headings: [
        { level: 1, text: "One", line: 1 },
        { level: 2, text: "Setext", line: 3 },
        { level: 3, text: "Three x", line: 6 },
      ],
      count: 4,
      truncated: "only the first 3 are listed",
    });
  });

  it("lists links and images, including reference links and bare URLs", async () => {
    const result = await data({
      operation: "links",
      markdown:
        "See [docs **here**][d] and https://bare.example.\n\n![pic](https://img.example/a.png)\n\n[d]: https://docs.example",
    });
    expect(result).toEqual({
      links: [
        { text: "docs here", url: "https://docs.example", line: 1 },
        { text: "https://bare.example", url: "https://bare.example", line: 1 },
        { text: "pic", url: "https://img.example/a.png", line: 3, image: true },
      ],
      count: 3,
    });
  });

  it("does not list javascript: links as links", async () => {
    const result = await data({
      operation: "links",
      markdown: "[x](javascript:alert(1)) [y](https://ok.example)",
    });
    expect(result).toEqual({ links: [{ text: "y", url: "https://ok.example", line: 1 }], count: 1 });
  });

  it("converts tables to rows keyed by header, with unique keys and no prototype pollution", async () => {
    const result = await data<{ tables: { columns: string[]; rows: Record<string, string>[] }[] }>({
      operation: "tables",
      markdown:
        '| 名称 | 价格 | 名称 | | \\_\\_proto\\_\\_ | constructor |\n|---|---|---|---|---|---|\n| 苹果 | 3 | x | y | {"polluted":1} | c |\n| 梨 | **4** |\n',
    });
    const [table] = result.tables;
    expect(table!.columns).toEqual(["名称", "价格", "名称_2", "column_4", "__proto__", "constructor"]);
    expect(table!.rows[0]).toEqual(
      JSON.parse(
        '{"名称":"苹果","价格":"3","名称_2":"x","column_4":"y","__proto__":"{\\"polluted\\":1}","constructor":"c"}',
      ),
    );
    expect(Object.keys(table!.rows[0]!)).toContain("__proto__");
    expect(Object.getPrototypeOf(table!.rows[0])).toBe(Object.prototype);
    expect(table!.rows[1]).toMatchObject({ 名称: "梨", 价格: "4", 名称_2: "" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(table!.rows[0])).toContain('"__proto__"');
  });

  it("caps rows per table", async () => {
    const markdown = "| n |\n|---|\n" + Array.from({ length: 5 }, (_, i) => `| ${i} |`).join("\n");
    const result = await data<{ tables: { rows: unknown[]; truncated?: string }[] }>({
      operation: "tables",
      markdown,
    });
    expect(result.tables[0]!.rows).toHaveLength(3);
    expect(result.tables[0]!.truncated).toBe("5 rows, only the first 3 listed");
  });

  it("answers clearly when there is no table", async () => {
    expect(await run({ operation: "tables", markdown: "no table | here" })).toEqual({
      success: false,
      error: "No Markdown table found (tables need a header row and a |---| line).",
    });
  });

  it("refuses oversized input and a missing operation", async () => {
    const tooLong = await run({ operation: "text", markdown: "x".repeat(10_001) });
    expect(tooLong).toMatchObject({ success: false });
    expect(!tooLong.success && tooLong.error).toContain("longer than 10000 characters");
    const missing = await run({ markdown: "x" });
    expect(missing.success).toBe(false);
  });

  it("copes with pathological nesting without blowing up", async () => {
    // markdown-it stops nesting at 100 levels (the rest of such a block is dropped) instead of recursing.
    const deep =
      "before\n\n" +
      "[".repeat(2_000) +
      "x" +
      "]".repeat(2_000) +
      "\n\n" +
      "*_".repeat(1_000) +
      "\n\n" +
      ">".repeat(3_000) +
      " x";
    const output = await html(deep);
    expectSafe(output);
    const { text } = await data<{ text: string }>({ operation: "text", markdown: deep });
    expect(text).toMatch(/^before\n\n\[{2000}x\]{2000}\n\n/);
  });

  it("works off the event loop: a long hostile text leaves the loop turning while it is processed", async () => {
    const long = markdownTool(); // 200,000 characters accepted
    const hostile = ">".repeat(150_000) + " x\n\n" + "[".repeat(40_000);
    let settled = false;
    const call = long.execute({ operation: "html", markdown: hostile }, toolContext()).finally(() => {
      settled = true;
    });
    for (let i = 0; i < 500; i++) await new Promise((resolve) => setImmediate(resolve));
    // On the event loop, the rendering would have held these turns until it ended.
    expect(settled).toBe(false);
    expect((await call).success).toBe(true);
  });

  it("stops an operation that runs over its time", async () => {
    const strict = markdownTool({ timeoutMs: 1 });
    const result = await strict.execute({ operation: "html", markdown: "*a".repeat(90_000) }, toolContext());
    expect(result).toEqual({ success: false, error: expect.stringMatching(/was stopped \(处理超时\)/) });
    expect(await data({ operation: "headings", markdown: "# Still here" })).toMatchObject({ count: 1 });
  });
});
