// `*` matches any run of characters, everything else literally, over the whole text. A two-pointer
// match rather than a RegExp: patterns come from users (branch rules, broadcast target paths) and
// this also runs in the browser, where re2 is not available; it is bounded by text × pattern length.
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0
  let s = 0
  let star = -1
  let resume = 0
  while (s < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++
      resume = s
    } else if (p < pattern.length && pattern[p] === text[s]) {
      p++
      s++
    } else if (star >= 0) {
      p = star + 1
      s = ++resume
    } else return false
  }
  while (p < pattern.length && pattern[p] === '*') p++
  return p === pattern.length
}
