/**
 * Writes small real PDFs for the tests: one page per entry, each line drawn in its own row. Latin text uses
 * Helvetica; a line with Chinese characters uses a CID font with a ToUnicode map (no glyphs embedded: the
 * text layer is what matters to a reader), so the text can be extracted as Unicode.
 */
export function makePdf(pages: string[][], title?: string): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled in below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const chars = [
    ...new Set(
      pages
        .flat()
        .join("")
        .split("")
        .filter((c) => c.charCodeAt(0) > 127),
    ),
  ];
  const cid = (char: string) => (chars.indexOf(char) + 1).toString(16).padStart(4, "0");
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
    "1 begincodespacerange <0000> <FFFF> endcodespacerange",
    `${chars.length} beginbfchar`,
    ...chars.map((char) => `<${cid(char)}> <${char.charCodeAt(0).toString(16).padStart(4, "0")}>`),
    "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  add(`<< /Length ${Buffer.byteLength(cmap)} >>\nstream\n${cmap}\nendstream`); // 4: ToUnicode
  add(
    "<< /Type /FontDescriptor /FontName /TestCJK /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>",
  ); // 5
  add(
    "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /TestCJK /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 5 0 R /DW 1000 /CIDToGIDMap /Identity >>",
  ); // 6
  add(
    "<< /Type /Font /Subtype /Type0 /BaseFont /TestCJK /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 4 0 R >>",
  ); // 7
  const pageIds: number[] = [];
  for (const lines of pages) {
    const ops = lines.map((line, i) => {
      const y = 780 - i * 18;
      const cjk = [...line].some((c) => c.charCodeAt(0) > 127);
      const shown = cjk
        ? `/F2 12 Tf <${[...line].map((c) => (c.charCodeAt(0) > 127 ? cid(c) : "")).join("")}> Tj`
        : `/F1 12 Tf (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`;
      return `BT 50 ${y} Td ${shown} ET`;
    });
    const content = ops.join("\n");
    add(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
    const contentId = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 7 0 R >> >> >>`,
    );
    pageIds.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  if (title) add(`<< /Title (${title}) /Producer (cyrene tests) >>`);
  const infoId = title ? objects.length : undefined;

  let out = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${infoId ? ` /Info ${infoId} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
