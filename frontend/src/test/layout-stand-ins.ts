/** jsdom lacks the layout APIs Mantine components call; these are inert stand-ins for them. */
export function installLayoutStandIns(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  class InertResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver ??= InertResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  window.scrollTo = () => undefined;
}
