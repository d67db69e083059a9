import { useEffect, useState } from "react";

/**
 * True once the form has hydrated (controls that need JavaScript render only then). The form
 * components keep their own copy instead of importing components/use-hydrated: sharing that
 * one module with the root splits it into a chunk of its own, and every extra chunk is bytes
 * on the home page's 100 KB budget.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
