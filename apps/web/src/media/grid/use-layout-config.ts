import { useEffect, useState, type RefObject } from 'react';
import { layoutConfigFor, type LayoutConfig } from './layout';

function windowWidth(): number {
  return typeof window === 'undefined' ? 1280 : window.innerWidth;
}

/**
 * The justified-grid layout config for the current window, and the width to lay pictures out in: the element's
 * measured width, or the config's container width (window less 50/330 px) until it can be measured.
 */
export function useLayoutConfig(ref: RefObject<HTMLElement | null>): { config: LayoutConfig; width: number } {
  const [config, setConfig] = useState(() => layoutConfigFor(windowWidth()));
  const [measured, setMeasured] = useState(0);

  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = layoutConfigFor(windowWidth());
        setConfig((current) =>
          current.containerWidth === next.containerWidth && current.targetRowHeight === next.targetRowHeight ? current : next,
        );
      });
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      setMeasured((current) => (current === width ? current : width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return { config, width: measured > 0 ? measured : config.containerWidth };
}
