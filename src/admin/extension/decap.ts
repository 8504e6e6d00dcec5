// What the extension uses of Decap CMS's bundle, which it finds on `window` (the bundle sets CMS,
// h and createClass for widgets written without a build step of their own).
export interface DecapCms {
  init: (options?: { config?: unknown }) => void;
  registerWidget: (name: string, control: unknown, preview?: unknown) => void;
  registerCustomFormat: (name: string, extension: string, formatter: { fromFile: (text: string) => unknown; toFile: (data: unknown) => string }) => void;
  registerEventListener: (listener: { name: string; handler: (data: { entry: ImmutableMap }) => unknown }) => void;
  getWidget: (name: string) => { control: unknown; preview?: unknown } | undefined;
  registerPreviewTemplate: (collection: string, component: unknown) => void;
  /** A registered backend: Decap calls its `init` with the config to make the backend it uses. */
  getBackend: (name: string) => { init: (...args: unknown[]) => unknown } | undefined;
}

/** Decap hands widgets Immutable.js values: what is read of them. */
export interface ImmutableMap {
  get: (key: string, fallback?: unknown) => unknown;
  getIn: (path: string[]) => unknown;
  toJS: () => unknown;
}

/** A React element, as `h` makes it. */
export type Element = unknown;
export type H = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => Element;

/** The props Decap gives a widget's control (those the extension reads). */
export interface ControlProps {
  value: unknown;
  onChange: (value: unknown) => void;
  field: ImmutableMap;
  forID: string;
  classNameWrapper: string;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
  parentIds?: string[];
  getAsset: (path: string, field: ImmutableMap) => unknown;
}

interface DecapWindow {
  CMS: DecapCms;
  h: H;
  createClass: (spec: Record<string, unknown>) => unknown;
}

export const decap = (): DecapWindow => window as unknown as DecapWindow;
