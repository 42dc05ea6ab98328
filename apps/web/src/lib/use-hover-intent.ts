import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether the pointer has rested on an element for `delayMs` (spec section 9, hover menu
 * delay), so that a pointer merely crossing it on the way elsewhere opens nothing. Leaving
 * ends it at once.
 */
export function useHoverIntent(delayMs: number) {
  const [isHovered, setIsHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onMouseEnter = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsHovered(true), delayMs);
  }, [delayMs]);
  const end = useCallback(() => {
    clearTimeout(timer.current);
    setIsHovered(false);
  }, []);

  return { isHovered, end, hoverProps: { onMouseEnter, onMouseLeave: end } };
}
