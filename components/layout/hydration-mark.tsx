'use client'
import { useEffect } from 'react'

/**
 * Marks <html data-hydrated> once React has hydrated the page: end-to-end checks wait for it rather
 * than for network idleness (pages that poll a task's progress are never idle).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
