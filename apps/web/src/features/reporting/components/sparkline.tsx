/**
 * A tiny trend line in plain SVG: the dashboard shows four of them and must not load the chart
 * library (it stays on the report pages). Decorative; the card's figures carry the meaning.
 */
export function Sparkline({
  values,
  width = 120,
  height = 32,
}: {
  values: number[];
  width?: number;
  height?: number;
}) {
  if (values.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const points = values.map((value, index) => {
    const x = index * step;
    // One pixel of margin so the stroke is never cut at the top or bottom.
    const y = height - 1 - ((value - min) / span) * (height - 2);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
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
        strokeLinecap="round"
      />
    </svg>
  );
}
