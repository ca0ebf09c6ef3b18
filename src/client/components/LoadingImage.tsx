/** An animated loading image (inline SVG): a cloud with falling rain drops. */
export function LoadingImage({ label = 'Анімація завантаження' }: { label?: string }) {
  return (
    <svg className="loading-image" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label={label}>
      <g fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round">
        <path d="M34 62a16 16 0 0 1 4-31 22 22 0 0 1 41 4 14 14 0 0 1 7 27z" fill="var(--cloud, #dbe7f3)" />
        {[44, 60, 76].map((x, i) => (
          <line key={x} x1={x} y1="74" x2={x - 4} y2="86">
            <animate attributeName="opacity" values="0;1;0" dur="1.2s" begin={`${i * 0.3}s`} repeatCount="indefinite" />
            <animateTransform
              attributeName="transform"
              type="translate"
              values="0 0;-3 14"
              dur="1.2s"
              begin={`${i * 0.3}s`}
              repeatCount="indefinite"
            />
          </line>
        ))}
      </g>
    </svg>
  );
}
