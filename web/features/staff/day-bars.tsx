/**
 * A small bar chart of a figure per day (the dashboard's fortnight): drawn as SVG from the numbers,
 * with the numbers themselves in its accessible name and each bar's title.
 */
export function DayBars({
  days,
  label,
}: {
  days: readonly { day: string; value: number }[];
  label: string;
}) {
  const width = 140;
  const height = 36;
  const most = Math.max(1, ...days.map((day) => day.value));
  const step = width / Math.max(1, days.length);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${label}: ${days.map((day) => day.value).join(', ')}`}
    >
      {days.map((day, index) => {
        const tall = day.value === 0 ? 1 : Math.max(2, (day.value / most) * (height - 2));
        return (
          <rect
            key={day.day}
            x={index * step + 1}
            y={height - tall}
            width={Math.max(1, step - 2)}
            height={tall}
            rx={1}
            fill={
              index === days.length - 1
                ? 'var(--mantine-color-blue-7)'
                : 'var(--mantine-color-blue-3)'
            }
          >
            <title>{`${day.day}: ${day.value}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
