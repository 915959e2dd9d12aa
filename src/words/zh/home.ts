import { list, type HomeWords } from "../home.js";

/*
 * Chinese. Kinds: HA's intents sentences/zh-cn/_common.yaml (its `light` expansion rule: 筒灯, 射灯, not its
 * 吸顶灯 and 床头灯, as homes name single lamps so; its cover_classes, one device class a word as in home_assistant_intents 2026.10.27, HA 2026.11's) and the names of eval/datasets/cyrene-zh; HA's zh-Hans translations for the sensors.
 * "all": sentences/zh-cn/_common.yaml `all` ("(全部|所有)[的]") and 每个. Request words: the verbs of HA's
 * zh-cn HassTurnOn/HassTurnOff/HassLightSet sentences (打开, 开启, 关闭, 关掉, 关上, 调到, 设为) and its
 * skip words (请, 帮我, 一下, 吧). Chinese is not split into words: request words are taken from the start
 * and the end of a run (src/ha/resolve-phrase.ts).
 */
export const zhHome: HomeWords = {
  kinds: {
    light: list("灯|灯光|电灯|吊灯|台灯|灯泡|照明|灯带|筒灯|射灯"),
    switch: list("开关"),
    plug: list("插座|插头|智能插座"),
    lock: list("锁|门锁|智能锁"),
    climate: list("空调|冷气|暖气|地暖|温控|温控器|恒温器|中央空调"),
    curtain: list("窗帘|布帘|纱帘"),
    blind: list("百叶窗|百叶帘|百叶|卷帘|卷闸"),
    shade: list("遮阳帘"),
    shutter: list("百叶窗户"),
    awning: list("遮阳篷|遮阳棚|雨蓬|雨棚"),
    "garage door": list("车库门|车库|卷帘门"),
    gate: list("大门|院门|闸门"),
    cover: [],
    window: list("窗|窗户"),
    door: list("门|房门"),
    fan: list("风扇|电扇|电风扇|吊扇|排气扇"),
    temperature: list("温度|气温|室温|温度计|温度传感器"),
    humidity: list("湿度|湿度计"),
    battery: list("电量|电池"),
    power: list("功率|用电功率"),
    energy: list("用电量|耗电|能耗|电能"),
    "air quality": list("空气质量|二氧化碳|甲醛"),
    illuminance: list("光照|照度|亮度传感器"),
    "motion sensor": list("人体|人体传感器|移动|有人|人在"),
    "leak sensor": list("漏水|水浸"),
    "smoke sensor": list("烟雾|烟感"),
    sensor: list("传感器|探测器"),
    vacuum: list("扫地|扫地机|扫地机器人|吸尘器|扫拖机器人|拖地|打扫"),
    "media player": list("播放器"),
    tv: list("电视|电视机"),
    speaker: list("音箱|音响|智能音箱|音响系统"),
    music: list("音乐|歌|歌曲"),
    scene: list("场景|情景"),
    script: list("脚本"),
    automation: list("自动化"),
    alarm: list("警报|报警器|安防|警戒"),
    humidifier: list("加湿器|除湿机"),
    "water heater": list("热水器"),
    camera: list("摄像头|监控"),
    valve: list("阀门|水阀|浇水|浇花|灌溉|喷灌|洒水|洒水器|喷淋"),
    todo: list("待办|待办事项|清单|购物清单"),
    siren: list("警笛|蜂鸣器"),
    button: list("按钮"),
    weather: list("天气"),
    person: list("家人"),
  },
  plurals: [],
  all: list("所有|全部|每个|每一个"),
  requestStart: list(
    "麻烦你|麻烦|请你|请|帮我|帮忙|给我|给|你能不能|能不能|可以|你|把|将|一下|切到|切换到|换到|打开|开启|关闭|关掉|关上|启动|停止|暂停|继续|" +
      "播放|调高|调低|调亮|调暗|调大|调小|调到|设置|设定|设为|锁上|锁好|解锁|拉开|合上|升起|降下|开始|开|关|让|去",
  ),
  requestEnd: list(
    "一下吧|一下|一点|吧|啊|呀|了|呢|吗|到|打开|开启|关闭|关掉|关上|启动|停止|暂停|锁上|锁好|解锁|拉开|合上|升起|降下|" +
      "继续播放|继续|播放|开始|调亮|调暗|调高|调低|调大|调小|开|关",
  ),
  fillers: list(
    "设置为|设置成|设置|调成|调到|设为|这里|在这里|这儿|全屋|整个|所有|全部|一下|帮我|请|把|和|与|跟|以及|还有|里面|现在|当前|打开|关闭|关掉|开启|状态|多少|几度|怎么样|吗|呢|家里",
  ),
  actionWords: [
    ...list(
      "开合度|颜色|红色|绿色|蓝色|黄色|白色|紫色|橙色|粉色|最大|最小|最亮|最暗|音量|声音|大声|小声|大点|小点|下一首|上一首|下一曲|上一曲|切歌|歌|音乐|亮度|亮一点|暗一点|温度|度|位置|一点|点|它|模式|" +
        "回充|充电|回去|工作|风速|颜色",
    ),
    // HA's zh-cn HassLightSet says the colour after the room or light: "设置客厅颜色为蓝色" (its tests).
    ...list("颜色为|颜色设为|颜色设置为|颜色调为|颜色改为"),
  ],
  here: list("这里|这儿|在这里"),
  /* Cyrene's own list reading (HA's intents name one target per sentence, so they have no list words). */
  listJoiners: list("和|与|跟|以及|还有"),
  /* Cyrene's own reading of Chinese commands (HA's zh-CN intents skip only 请问, 谢谢, 麻烦; 里 is in none of its rules). */
  placeSuffixes: list("里面|里"),
  residualParticles: list("请|把|和|与|跟|吗|呢"),
  /* Cyrene's own value phrases, as src/ha/resolve-phrase.ts read them before they moved here. */
  valuePhrases: {
    first: [
      /(?:的?(?:亮度|音量|温度|位置))?(?:[调设改]|打?开)?[到为成至]\s*\d+(?:\.\d+)?\s*(?:%|度|摄氏度|档)?/g,
    ],
    last: [
      /\d+(?:\.\d+)?\s*(?:%|度|摄氏度)/g,
      // "设置为百分之五十", "调到最大": a value in Chinese numerals or words.
      /(?:设置|设定|调|设)?[为成到至]?百分之[零一二两三四五六七八九十百]+/g,
      /(?:设置|设定|调|设)?[为成到至](?:最大|最小|最高|最低|最亮|最暗)/g,
    ],
  },
  keptActionWords: list("度|点|它"),
  value: { joiners: list("到|为|成|至"), units: list("%|度|摄氏度|档") },
  places: {
    /*
     * cyrene-zh beijing-house-cn: area 花园 with alias 院子, said "院子浇水"; intents sentences/zh-cn/_common.yaml
     * cover_classes: gate "院子门"; HA's zh-Hans translations: "My lawn" is 我的草坪 (husqvarna_automower).
     */
    garden: { said: list("花园|院子|草坪"), areaWords: [] },
    /*
     * intents tests/zh-cn/_fixtures.yaml: "室外温度"; HA's zh-Hans translations: "Outdoor" is 户外, outdoor
     * sensors 室外, "Locked out" 被锁在外面; cyrene-zh shanghai-apartment-cn: 阳台.
     */
    outside: { said: list("外面|户外|室外"), areaWords: list("阳台") },
    /* intents tests/zh-cn/_fixtures.yaml: the lock 前门 in the area 玄关; cyrene-zh: 入户门锁 in 玄关. */
    entrance: { said: list("玄关|入户|入口|前门"), areaWords: [] },
  },
  roomWords: [],
};
