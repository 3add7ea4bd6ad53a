/**
 * A grey placeholder in the shape of what is loading, so nothing jumps when it arrives. Give it
 * the size or aspect ratio the real content will have. Several together (a card's picture and
 * lines) go in one element with the class `skeleton-group`: one shimmer crosses the group.
 */
export function Skeleton({
  width,
  height,
  aspectRatio,
  radius,
  className = '',
}: {
  width?: string;
  height?: string;
  aspectRatio?: string;
  radius?: string;
  className?: string;
}) {
  return (
    <span
      className={`skeleton ${className}`}
      aria-hidden="true"
      style={{ width, height, aspectRatio, borderRadius: radius }}
    />
  );
}

/** Lines of text loading: `lines` bars, the last one shorter. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className="skeleton-text skeleton-group" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height="0.9em" width={index === lines - 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
