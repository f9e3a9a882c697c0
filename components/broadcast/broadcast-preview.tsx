'use client'
import { COLOR_CODE } from '@/lib/broadcast-messages/rules'
import { BroadcastView } from './broadcast-view'
import type { BroadcastFormInput } from './form-schema'

/** What the message will look like, updated on every keystroke. */
export function BroadcastPreview({ values }: { values: Partial<BroadcastFormInput> }) {
  const font = typeof values.font === 'string' && COLOR_CODE.test(values.font) ? values.font : null
  return (
    <div className="field">
      <label>Preview</label>
      <div className="broadcast-preview" data-testid="broadcast-preview">
        <BroadcastView
          message={values.message ?? ''}
          broadcastType={values.broadcast_type ?? 'banner'}
          theme={values.theme ?? 'indigo'}
          font={font}
          dismissable={values.dismissable === true}
        />
      </div>
    </div>
  )
}
