import { silentLogger } from "../../../src/logging/logger.js";
import { Embedder } from "../../../src/knowledge/embeddings.js";
import { KnowledgeBase, type KnowledgeLimits } from "../../../src/knowledge/knowledge-base.js";
import { openDatabase, type Db } from "../../../src/store/database.js";
import { testGuard } from "../../support/web.js";

export interface TestKnowledge {
  db: Db;
  base: KnowledgeBase;
}

/** A knowledge base on an in-memory database; with `embeddingsUrl`, vectors from that endpoint too. */
export function testKnowledge(
  options: {
    embeddingsUrl?: string;
    limits?: Partial<KnowledgeLimits>;
    guard?: ReturnType<typeof testGuard>;
  } = {},
): TestKnowledge {
  const db = openDatabase(":memory:");
  const embedder = options.embeddingsUrl
    ? new Embedder({ baseUrl: options.embeddingsUrl, apiKey: "embed-key", model: "hashed-ngrams" })
    : undefined;
  const base = new KnowledgeBase({
    db,
    guard: options.guard ?? testGuard(),
    logger: silentLogger(),
    embedder,
    limits: options.limits,
  });
  return { db, base };
}

export const AC_MANUAL = `# Air conditioner manual

## Filters

Clean the air filters every two weeks in summer. Slide the filter out, rinse it in lukewarm water and let it
dry in the shade before putting it back.

## Remote control

Press MODE to switch between cooling, heating, dry and fan. Hold TEMP for two seconds to lock the keys.
`;

export const AC_MANUAL_ZH = `# 空调使用说明

## 滤网

夏季每两周清洗一次滤网。把滤网抽出来，用温水冲洗，放在阴凉处晾干后再装回去。

## 遥控器

按模式键在制冷、制热、除湿和送风之间切换。按住温度键两秒可以锁定按键。
`;
