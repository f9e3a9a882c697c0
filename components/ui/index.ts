// The console's component kit. Every page builds from these; no raw <button>, <input>, <select>,
// <textarea> or <table> outside components/ui (the e2e walk checks that every visible control
// carries the kit's data-ui mark and style).
//
// - Buttons: <Button variant pending pendingLabel>; links styled as buttons: className={buttonClass('primary')}.
// - Forms: <Field label htmlFor error hint> around <Input>, <Textarea>, <Select options>, <DateInput kind>;
//   <Checkbox label>, <Switch label>; a list of short strings: <TokenInput value onChange>; code (YAML,
//   JSON): <CodeEditor language value onChange diagnostics> (CodeMirror; diagnostics at their lines). With react-hook-form: {...form.register('name')} on the control,
//   zodResolver(schema) for the client side, applyApiErrors(err, form.setError, FIELDS) puts the API's
//   400 map at its fields, <FormError message={errors.root?.server?.message} /> the rest.
// - Writes: `useApi()` toasts every successful write ("Changes saved.", "Deleted.", …); say something
//   more specific with `api.quiet(...)` + `useToast().success('Runner paused.')`. Put `pending` on the
//   submit button. Destructive calls: <ConfirmButton endpoint params …> (dialog). A secret shown once:
//   <SecretDialog>.
// - Lists: <DataTable columns data pager search sort columnToggle> (server pagination and sorting),
//   <EmptyState>, <Skeleton> while a client list loads, <Badge tone>.
// - Page frame: <PageHeader crumbs title actions> (breadcrumbs + h1), or <Breadcrumbs items> alone;
//   <Tabs items>, or <SectionNav items> for a group's or project's sections (tabs and menus);
//   times with <RelativeTime iso> (exact time in the viewer's zone on hover; mode="both"
//   writes it beside the relative one, for windows: starts/ends, expiry, next run).
export { Badge, type BadgeTone } from './badge'
export { Breadcrumbs, type Crumb } from './breadcrumbs'
export { Button, buttonClass, type ButtonProps, type ButtonVariant } from './button'
export { Checkbox, Switch } from './checkbox'
export { CodeEditor, type CodeDiagnostic } from './code-editor'
export { ConfirmButton } from './confirm'
export { DateInput } from './date-time'
export { Dialog } from './dialog'
export { EmptyState } from './empty-state'
export { Field } from '../form/field'
export { FormError } from '../form/form-error'
export { Input, Textarea } from './input'
export { PageHeader } from './page-header'
export { Pager } from './pager'
export { RelativeTime } from './relative-time'
export { SearchForm } from './search-form'
export { SecretDialog } from './secret-dialog'
export { Select, type SelectOption } from './select'
export { Skeleton } from './skeleton'
export { DataTable, type ColumnMeta, type TableSort } from './table'
export { SectionNav, type SectionNavItem, type TabMenu } from './section-nav'
export { Tabs, type TabItem } from './tabs'
export { ToastProvider, useToast } from './toast'
export { TokenInput } from './token-input'
