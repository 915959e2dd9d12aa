import { describe, expect, it } from "vitest";
import { indexTokens, matchExpression, queryTerms } from "../../src/knowledge/tokens.js";

describe("index tokens", () => {
  it("split Chinese into characters and their pairs, and keep Latin words", () => {
    expect(indexTokens("滤网清洗 Clean filters")).toBe("滤 滤网 网 网清 清 清洗 洗 clean filters");
  });

  it("keep a licence plate's letters and digits together, beside its Chinese character", () => {
    expect(indexTokens("车牌是沪A12345")).toContain("沪 a12345");
  });

  it("leave out English stop words", () => {
    expect(indexTokens("How do I clean the filter")).toBe("clean filter");
  });
});

describe("query terms", () => {
  it("are the pairs of a Chinese run, without question words", () => {
    expect(queryTerms("空调滤网怎么清洗？")).toEqual(["空调", "调滤", "滤网", "网怎", "么清", "清洗"]);
  });

  it("keep a single Chinese character standing alone", () => {
    expect(queryTerms("灯")).toEqual(["灯"]);
  });

  it("fall back to the stop words when nothing else is left", () => {
    expect(queryTerms("什么")).toEqual(["什么"]);
  });

  it("are quoted for FTS5, so no term is read as an operator", () => {
    expect(matchExpression(["near", "or"])).toBe('"near" OR "or"');
    expect(matchExpression([])).toBeUndefined();
  });
});
