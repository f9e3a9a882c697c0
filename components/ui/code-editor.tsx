'use client'
// A code editor (CodeMirror 6) for YAML and JSON: line numbers, highlighting, bracket matching,
// search, and diagnostics drawn at their lines (a gutter mark and an underline). The parent owns
// the text (value/onChange) like any controlled input; `diagnostics` are the parent's (CI lint's
// answer) and move with the text as it is edited until the parent sends new ones.
//
// Content-Security-Policy (proxy.ts): CodeMirror writes its theme as a stylesheet at run time. It
// uses a constructable stylesheet where the browser has them (not subject to style-src) and a
// <style> element elsewhere, which carries the page's nonce through EditorView.cspNonce. Element
// styles it sets go through the CSSOM (element.style), which style-src does not govern; no
// style="" attribute is rendered by React here. One thing does write style attributes: Chromium's
// own contenteditable editing, when typed text replaces a selection across lines (it merges the
// line <div>s and keeps their look in style="" attributes, which the policy refuses and reports).
// `typedOverSelection` makes that one case a CodeMirror transaction instead of a native edit.
import { json, jsonParseLinter } from '@codemirror/lang-json'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { yaml } from '@codemirror/lang-yaml'
import { lintGutter, linter, setDiagnostics, type Diagnostic } from '@codemirror/lint'
import { EditorState, type Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { basicSetup } from 'codemirror'
import { useEffect, useRef } from 'react'
import { cx } from './cx'
import './code-editor.css'

export interface CodeDiagnostic {
  /** 1-based line; past the end means the last line. */
  line: number
  message: string
  severity?: 'error' | 'warning'
}

export interface CodeEditorProps {
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  language: 'yaml' | 'json'
  diagnostics?: readonly CodeDiagnostic[]
  /** The accessible name of the editable area (a contenteditable, which a <label for> cannot name). */
  ariaLabel: string
  /** data-testid of the editable area, where typing goes. */
  testId?: string
  invalid?: boolean
  /** tall: a file (fills its card); short: a value inside a form. */
  size?: 'tall' | 'short'
  readOnly?: boolean
}

/**
 * The console's palette (CSS variables of app/globals.css and code-editor.css), so the editor
 * follows dark mode like every other control: CodeMirror's own theme is light only.
 */
const palette = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--surface)', height: '100%', fontSize: '0.88rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    {
      backgroundColor: 'var(--code-selection)',
    },
  '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)' },
  '.cm-tooltip, .cm-panels': {
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
  },
  '.cm-matchingBracket': { backgroundColor: 'var(--code-selection)' },
})

const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--code-key)' },
  { tag: [tags.string, tags.special(tags.string), tags.content], color: 'var(--code-string)' },
  { tag: [tags.number, tags.integer, tags.float], color: 'var(--code-number)' },
  { tag: [tags.bool, tags.null, tags.keyword, tags.atom], color: 'var(--code-keyword)' },
  { tag: [tags.comment, tags.lineComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [tags.meta, tags.labelName, tags.typeName], color: 'var(--code-keyword)' },
  { tag: tags.invalid, color: 'var(--danger)' },
])

/** The nonce of this page's scripts (Next puts it on each): the browser hides the attribute, not the property. */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
}

/** The document's selection when it lies in this editor's text. */
function domSelection(view: EditorView): Range | null {
  const selection = document.getSelection()
  const range = selection && selection.rangeCount ? selection.getRangeAt(0) : null
  return range && view.contentDOM.contains(range.startContainer) && view.contentDOM.contains(range.endContainer)
    ? range
    : null
}

/**
 * Text typed (or inserted by a tool) over a selection, or text with line breaks, goes through
 * CodeMirror's input handlers (bracket closing, autocompletion) and a transaction instead of
 * Chromium's editing. A plain keystroke at the cursor keeps the native path (IME, spellcheck).
 */
const typedOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    const text = event.data
    if ((event.inputType !== 'insertText' && event.inputType !== 'insertReplacementText') || text === null) return false
    // What the browser is about to replace: its target range, else the DOM selection. Not
    // CodeMirror's selection, which may not have caught up yet with one just made (a select-all
    // by a tool: selectionchange is asynchronous).
    const target = event.getTargetRanges()[0] ?? domSelection(view)
    const { main } = view.state.selection
    const from = target ? view.posAtDOM(target.startContainer, target.startOffset) : main.from
    const to = target ? view.posAtDOM(target.endContainer, target.endOffset) : main.to
    if (from === to && !text.includes('\n')) return false
    event.preventDefault()
    const insert = () =>
      view.state.update({
        changes: { from, to, insert: text },
        selection: { anchor: from + text.length },
        userEvent: 'input.type',
        scrollIntoView: true,
      })
    if (view.state.facet(EditorView.inputHandler).some((h) => h(view, from, to, text, insert))) return true
    view.dispatch(insert())
    return true
  },
})

function toCm(doc: EditorState['doc'], list: readonly CodeDiagnostic[]): Diagnostic[] {
  return list.map((d) => {
    const line = doc.line(Math.min(Math.max(1, d.line), doc.lines))
    return { from: line.from, to: line.to, severity: d.severity ?? 'error', message: d.message }
  })
}

export function CodeEditor({
  value,
  onChange,
  onBlur,
  language,
  diagnostics,
  ariaLabel,
  testId,
  invalid,
  size = 'short',
  readOnly,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  // The latest callbacks, read by the editor's listeners (created once) at the moment they fire.
  const handlers = useRef({ onChange, onBlur })
  useEffect(() => {
    handlers.current = { onChange, onBlur }
  })

  useEffect(() => {
    if (!host.current) return
    const extensions: Extension[] = [
      basicSetup,
      palette,
      syntaxHighlighting(highlight),
      typedOverSelection,
      EditorView.cspNonce.of(pageNonce()),
      EditorView.lineWrapping,
      language === 'yaml' ? yaml() : [json(), linter(jsonParseLinter(), { delay: 300 })],
      lintGutter(),
      EditorState.tabSize.of(2),
      EditorState.readOnly.of(!!readOnly),
      EditorView.contentAttributes.of({ 'aria-label': ariaLabel, ...(testId ? { 'data-testid': testId } : {}) }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) handlers.current.onChange(u.state.doc.toString())
        if (u.focusChanged && !u.view.hasFocus) handlers.current.onBlur?.()
      }),
    ]
    const v = new EditorView({ parent: host.current, state: EditorState.create({ doc: value, extensions }) })
    view.current = v
    return () => {
      v.destroy()
      view.current = null
    }
    // The editor is made once per mount (value is its first text); value and diagnostics follow
    // through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `value` on purpose: remaking the editor on each keystroke would lose the cursor
  }, [language, ariaLabel, testId, readOnly])

  // A value set from outside (a form reset, a saved file) replaces the text; typing round-trips unchanged.
  useEffect(() => {
    const v = view.current
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } })
  }, [value])

  useEffect(() => {
    const v = view.current
    if (v && diagnostics) v.dispatch(setDiagnostics(v.state, toCm(v.state.doc, diagnostics)))
  }, [diagnostics])

  return (
    <div
      ref={host}
      className={cx('ui-code', `ui-code-${size}`, invalid && 'ui-code-invalid')}
      data-ui="code-editor"
      data-language={language}
    />
  )
}
