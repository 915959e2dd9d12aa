import type { IntentWords } from "../intent-words.js";

/*
 * Sources: HA's intents (OHF-Voice/intents 3e74ab7, sentences/zh-CN/_common.yaml skip_words: 请问, 麻烦, 麻烦你;
 * the verbs of sentences/zh-CN/HassTurnOn…HassVacuumStart), and the corpus in test/agent/corpus/*.zh.txt.
 */

const VERBS =
  "打开|开启|关闭|关掉|关上|调到|调至|调成|调为|停下|调高|调低|调亮|调暗|设置|设为|设成|锁上|解锁|启动|暂停|播放|停止|拉开|拉上|开一下|关一下|开灯|关灯";

export const intent: IntentWords = {
  changeVerb: new RegExp(VERBS),
  // 请问 and 麻烦问一下 only ask.
  // "可以把电视关了吗", "要不要把客厅灯关了": a modal with 把 asks for the change whatever its verb.
  request:
    /帮我|帮忙|请(?!问)|麻烦(?!问)|给我|替我|能不能|能否|可不可以|可以帮|^把|，把|(?:可以|可否|能够?|会|要不要)把/,
  // "开灯好吗？", "关了吧": a question in form, a request in fact; "可以把风扇打开吗", "你能启动扫地机器人吗": asked
  // whether it can be done, meaning do it (not "能告诉我…吗", "可以看看…吗").
  requestQuestion: new RegExp(
    "(?:好吗|行吗|好不好|行不行|可以吗|成吗|吧|呗)\\s*[？?。!！]?\\s*$|" +
      `(?:可以|可否|能够?|会不会|要不要)(?!告诉|说|看|查|问)[^，。？?！!]{0,12}?(?:${VERBS})`,
  ),
  questionForm:
    /[吗么嘛呢不]\s*$|(\p{Script=Han})[不没]\1|是否|还是|多少|多久|多长|几度|几点|几个|几盏|几扇|几台|有几|什么|怎么样|怎样|咋样|如何|哪|没有?\s*$|(?:状态|温度|湿度|天气|电量)\s*$/u,
  // "还是关了吧", "那就开着呗": a suggestion, not a question.
  suggestionEnd: /[吧呗]$/,
  // "好的呢", "行嘛", "当然可以啦", "为什么不呢": yes, in the particles of speech.
  assent:
    /^(?:那?(?:嗯+|恩|好+|好的|行|对|对的|是|是的|没错|可以|要|要的|当然|确定|确认|同意|没问题|ok|okay|yes|中|成|得嘞|好嘞|就这样|为什么不|何乐而不为|还用问吗?)(?![不否没])(?:的|啊|呀|吧|呢|嘛|哈|啦|嘞|了|哦|喔|哒)*[，,。.！!？?、\s]*)+/i,
};
