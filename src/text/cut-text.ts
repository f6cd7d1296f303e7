/**
 * The first `max` UTF-16 code units of `text`, one fewer when the cut would split a surrogate pair:
 * a title or name shortened by `slice` alone could end in half an emoji, which JSON sends as a lone
 * `\ud83d` and the database stores as U+FFFD.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
