export type DeviceKind = 'mobile' | 'tablet' | 'desktop' | 'unknown';

export type DeviceSummary = { browser: string | null; os: string | null; kind: DeviceKind; label: string };

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function kindOf(userAgent: string): DeviceKind {
  if (/iPad|Tablet/.test(userAgent) || (/Android/.test(userAgent) && !/Mobile/.test(userAgent)))
    return 'tablet';
  if (/Mobi|iPhone|iPod/.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * A reader's summary of a user agent ("Chrome on macOS"), good enough to recognise one's own devices.
 * Deliberately simple: no version numbers, no device models.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const agent = userAgent?.trim();
  if (!agent) return { browser: null, os: null, kind: 'unknown', label: 'Unknown device' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const label = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { browser, os, kind: browser || os ? kindOf(agent) : 'unknown', label };
}
