import * as Menu from '@radix-ui/react-dropdown-menu';
import { useCallback, useState, type ReactElement, type ReactNode } from 'react';
import styles from './components.module.css';

export interface DropdownProps {
  /** What the toggle button shows. */
  label: ReactNode;
  /** Accessible name of the toggle button. */
  ariaLabel: string;
  /** The menu's entries: `MenuItem`s and `MenuSeparator`s. */
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A menu button (Radix): opens with a click, Enter, Space or ArrowDown; arrow keys, Home/End and
 * typing move between items; Escape, an outside click or a choice closes it and focus returns to
 * the button.
 */
export function Dropdown({ label, ariaLabel, children, align = 'right' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    // Not modal: the rest of the page stays scrollable and clickable, as before.
    <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
      <div className={styles['dropdown']}>
        <Menu.Trigger className={styles['dropdown__toggle']} aria-label={ariaLabel}>
          {label}
          <svg
            className={styles['dropdown__chevron']}
            viewBox="0 0 12 12"
            width="12"
            height="12"
            aria-hidden="true"
          >
            <path
              d="M2.5 4.5 6 8l3.5-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
        </Menu.Trigger>
        <Menu.Content
          className={styles['dropdown__menu']}
          align={align === 'right' ? 'end' : 'start'}
          side="bottom"
          sideOffset={8}
        >
          {children(close)}
        </Menu.Content>
      </div>
    </Menu.Root>
  );
}

/** One menu entry; its single child (a Link or a button) gets the menuitem role and keyboard focus. */
export function MenuItem({
  children,
  onSelect,
  disabled,
}: {
  children: ReactElement;
  onSelect?: () => void;
  /** Shown but not selectable (arrow keys skip it). */
  disabled?: boolean;
}) {
  return (
    <Menu.Item asChild className={styles['menu-item']} onSelect={onSelect} disabled={disabled}>
      {children}
    </Menu.Item>
  );
}

export function MenuSeparator() {
  return <Menu.Separator className={styles['menu-separator']} />;
}
