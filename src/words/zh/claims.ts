import type { ClaimWords } from "../claim-words.js";

/*
 * Sources: HA's Chinese responses (OHF-Voice/intents responses/zh-CN: "客厅灯已打开", "开始清洁"), and the
 * corpus in test/agent/corpus/claims.zh.txt and non-claims.zh.txt.
 */
const VERB =
  "打开|开启|关闭|关掉|关上|关好|拉开|拉上|调[到至成为高低亮暗整好大小]|[升降][到至高低]|设置|设[为定成好到]|" +
  "锁上|锁好|上锁|反锁|解锁|启动|暂停|播放|停止|继续|执行|切换|点亮|熄灭|静音|召回|回去充电|开始|" +
  // a bare 开, 关, 亮… only as the verb itself ("灯已关", "开了", "开到21度"), not in 开放, 关于, 亮度
  "[开关亮灭调熄](?=$|[了啦好到起门灯])|切[到换]";

export const claims: ClaimWords = {
  change: [
    /我(?:已经?|刚刚?)?(?:做|执行|完成)了/,
    // 已 marks a change done whatever its verb ("客厅灯已打开", "已进入睡眠模式"), but not 已经是/在/有 (a state),
    // 已收到/查到/存入 (nothing changed in the home) nor 已离线/充满 (what befell a device by itself)
    /(?<![而早])已(?!经?(?:[为帮给][您你])?(?:是|在|有|收到|查|找到|知道|了解|明白|记|存|保存|更新|添加|加入|创建|删除|离线|断开|掉线|失效|过期|充满|耗尽|超时))/,
    // a change verb with 了: "风扇关了", "帮你把灯打开了", "开起来了", "调到23度了"
    new RegExp(`(?:${VERB})(?:好|起来|上|下|掉)?(?:了|啦)`),
    new RegExp(`(?:${VERB}).*[了啦][～~\\s]*$`),
    // "已在厨房音箱上播放", not "已经在制冷" (a state)
    new RegExp(`已经?在\\p{Script=Han}{1,8}[上里中](?:${VERB})`, "u"),
    // "客厅开始放音乐了": a change begun
    /开始\p{Script=Han}{1,6}?了/u,
    // "正在为您打开", "马上帮你关"
    /(?:正在|马上|这就|立即|立刻)(?:为|帮|给)(?:您|你)/,
  ],
  terse: [/^开始/],
  elsewhere: [
    /没|未|无法|失败|不能|不了|不用|不需要|不必/,
    /[?？]$/,
    /可|如果|的话|等你|确认|之后|说一声|需要|要不要|要我|会|请|即可|就能/,
    /着|状态|本来|原本|早就|一直|现在是|目前|处于|到现在|自动|有人|(?<![不超经])过(?![来去滤度])/,
    // a clock time ("晚上10点", not 一点 "a little")
    /\d+\s*点|(?:[两三四五六七八九十]|[一二两三四五六七八九十]{2})点(?![亮击])/,
    /(?:\d+|[一二两三四五六七八九十半几多]+)\s*个?多?\s*(?:小时|钟头|分钟|天|秒)/,
  ],
  reminder: /提醒|闹钟|计时|定时/,
  done: /搞定|办好了|完成了|已完成|操作成功/,
  answersAQuestion: /^(?:是的|是|对|对的|没有|不)(?=[，,。！\s])/,
  byTheAssistant: /我|帮|为您|为你|给您|给你/,
  // "车库门关着，也锁上了": a clause with 也/还 goes on in the mood of the one before.
  continues: /^(?:也|还|并且|而且)/,
  clauseBreak: /(?=但|不过|可是)/,
};
