import type { ColorWords } from "../colors.js";

/*
 * Cyrene's own table (the short forms, 暖白, 天蓝…), with HA's intents zh-CN `color` list (白色, 黑色, 红色,
 * 橙色, 黄色, 绿色, 蓝色, 紫色, 棕色, 粉色, 青绿色).
 */
export const colors: ColorWords = {
  红: "red",
  红色: "red",
  绿: "green",
  绿色: "green",
  蓝: "blue",
  蓝色: "blue",
  黄: "yellow",
  黄色: "yellow",
  白: "white",
  白色: "white",
  紫: "purple",
  紫色: "purple",
  橙: "orange",
  橙色: "orange",
  橘色: "orange",
  粉: "pink",
  粉色: "pink",
  粉红: "pink",
  青: "cyan",
  青色: "cyan",
  金色: "gold",
  暖白: "navajowhite",
  天蓝: "skyblue",
  天蓝色: "skyblue",
  浅蓝: "lightblue",
  深蓝: "darkblue",
  棕色: "brown",
  灰色: "gray",
  黑色: "black",
  青绿色: "turquoise",
};
