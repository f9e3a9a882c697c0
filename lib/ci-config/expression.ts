// GitLab's CI/CD variable expressions (`rules: - if:`, Gitlab::Ci::Pipeline::Expression): `$VAR`,
// string literals, `null`, `==`, `!=`, `=~ /re/`, `!~`, `&&`, `||` and parentheses. Regexes are
// user input, so they compile with re2.
import RE2 from 're2'

type Token = { t: 'var' | 'str' | 'null' | 'regex' | 'op' | 'lp' | 'rp'; v: string; flags?: string }

export class ExpressionError extends Error {}

function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < src.length) {
    if (/\s/.test(src.charAt(i))) {
      i++
      continue
    }
    const rest = src.slice(i)
    let m: RegExpExecArray | null
    if ((m = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(rest))) out.push({ t: 'var', v: m[1]! })
    else if ((m = /^"((?:[^"\\]|\\.)*)"/.exec(rest)) || (m = /^'((?:[^'\\]|\\.)*)'/.exec(rest)))
      out.push({ t: 'str', v: m[1]!.replace(/\\(.)/g, '$1') })
    else if ((m = /^null\b/.exec(rest))) out.push({ t: 'null', v: '' })
    else if ((m = /^(==|!=|=~|!~|&&|\|\|)/.exec(rest))) out.push({ t: 'op', v: m[1]! })
    else if ((m = /^\(/.exec(rest))) out.push({ t: 'lp', v: '(' })
    else if ((m = /^\)/.exec(rest))) out.push({ t: 'rp', v: ')' })
    else if ((m = /^\/((?:[^/\\]|\\.)*)\/([a-z]*)/.exec(rest))) out.push({ t: 'regex', v: m[1]!, flags: m[2]! })
    else throw new ExpressionError(`invalid expression syntax`)
    i += m[0].length
  }
  return out
}

type Value = string | null | { regex: RE2 }

/** Evaluates an expression against variables; throws ExpressionError on bad syntax. */
export function evaluate(src: string, vars: Record<string, string>): boolean {
  const tokens = tokenize(src)
  let pos = 0
  const peek = () => tokens[pos]
  const operand = (): Value | boolean => {
    const tok = tokens[pos++]
    if (!tok) throw new ExpressionError('invalid expression syntax')
    if (tok.t === 'lp') {
      const v = or()
      if (tokens[pos++]?.t !== 'rp') throw new ExpressionError('invalid expression syntax')
      return v
    }
    if (tok.t === 'var') return vars[tok.v] ?? null
    if (tok.t === 'str') return tok.v
    if (tok.t === 'null') return null
    if (tok.t === 'regex') {
      try {
        return { regex: new RE2(tok.v, (tok.flags ?? '').replace(/[^imsu]/g, '')) }
      } catch {
        throw new ExpressionError('invalid regular expression')
      }
    }
    throw new ExpressionError('invalid expression syntax')
  }
  const truthy = (v: Value | boolean) => (typeof v === 'boolean' ? v : typeof v === 'string' ? v.length > 0 : false)
  const comparison = (): Value | boolean => {
    const left = operand()
    const op = peek()
    if (op?.t === 'op' && ['==', '!=', '=~', '!~'].includes(op.v)) {
      pos++
      const right = operand()
      if (op.v === '==' || op.v === '!=') {
        const eq = (typeof left === 'object' ? null : left) === (typeof right === 'object' ? null : right)
        return op.v === '==' ? eq : !eq
      }
      const re = typeof right === 'object' && right !== null && 'regex' in right ? right.regex : null
      if (!re) throw new ExpressionError('invalid expression syntax')
      const matched = typeof left === 'string' && re.test(left)
      return op.v === '=~' ? matched : !matched
    }
    return left
  }
  const and = (): boolean => {
    let v = truthy(comparison())
    while (peek()?.t === 'op' && peek()!.v === '&&') {
      pos++
      const r = truthy(comparison())
      v = v && r
    }
    return v
  }
  const or = (): boolean => {
    let v = and()
    while (peek()?.t === 'op' && peek()!.v === '||') {
      pos++
      const r = and()
      v = v || r
    }
    return v
  }
  const result = or()
  if (pos !== tokens.length) throw new ExpressionError('invalid expression syntax')
  return result
}
