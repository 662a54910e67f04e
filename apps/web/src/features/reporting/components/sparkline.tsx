/**
 * A tiny trend line in plain SVG: the dashboard shows four of them and must not load the chart
 * library (it stays on the report pages). It stretches to its box's width; decorative, the card's
 * figures carry the meaning.
 */
export function Sparkline({ values, height = 28 }: { values: number[]; height?: number }) {
  const width = 100;
  if (values.length < 2) return <svg width="100%" height={height} aria-hidden="true" />;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const points = values.map((value, index) => {
    // One unit of margin so the stroke is never cut at the top or bottom.
    const y = height - 1 - ((value - min) / span) * (height - 2);
    return `${(index * step).toFixed(2)},${y.toFixed(2)}`;
  });
  return (
    <svg
      width="100%"
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <polyline
        points={`0,${height} ${points.join(' ')} ${width},${height}`}
        fill="var(--mantine-primary-color-light)"
        stroke="none"
      />
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth={1.5}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
