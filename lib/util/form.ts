/** A text field of a submitted form; '' when absent (a file input is not text either). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}
