import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './components.css';

export interface DropdownProps {
  /** What the toggle button shows. */
  label: ReactNode;
  /** Accessible name of the toggle button. */
  ariaLabel: string;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}

/** A menu button: opens a list of items, closes on Escape, an outside click or a choice. */
export function Dropdown({ label, ariaLabel, children, align = 'right' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        type="button"
        className="dropdown__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg className="dropdown__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path
            d="M2.5 4.5 6 8l3.5-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open ? (
        <div className={`dropdown__menu dropdown__menu--${align}`} role="menu" id={menuId}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
