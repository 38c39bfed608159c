import { useId } from 'react';

type LogoProps = {
  /** Show the word mark next to the icon. */
  withName?: boolean;
  size?: number;
  className?: string;
};

/** The SnapTrack mark (same drawing as public/logo.svg), inline so it needs no request. */
export function Logo({ withName = true, size = 32, className }: LogoProps) {
  const gradientId = useId();
  return (
    <span className={['logo', className].filter(Boolean).join(' ')}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 64 64"
        aria-hidden={withName ? 'true' : undefined}
        role={withName ? undefined : 'img'}
        aria-label={withName ? undefined : 'SnapTrack'}
        focusable="false"
      >
        <defs>
          <linearGradient
            id={gradientId}
            x1="0"
            y1="0"
            x2="64"
            y2="64"
            gradientUnits="userSpaceOnUse"
          >
            <stop offset="0" stopColor="#10b981" />
            <stop offset="1" stopColor="#047857" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="15" fill={`url(#${gradientId})`} />
        <path
          d="M20 13h24a3 3 0 0 1 3 3v33l-4.5-3-4.5 3-4.5-3-4.5 3-4.5-3-4.5 3V16a3 3 0 0 1 3-3z"
          fill="#fff"
        />
        <path d="M24 22h16M24 28h11" stroke="#a7f3d0" strokeWidth="3" strokeLinecap="round" />
        <path
          d="m25 36.5 4.5 4.5 9-9"
          fill="none"
          stroke="#047857"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withName ? <span className="logo__name">SnapTrack</span> : null}
    </span>
  );
}
