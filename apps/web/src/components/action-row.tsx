import type { ListItemProps } from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';
import { List } from '../lib/antd-mobile.ts';
import './action-row.css';

interface ActionRowProps extends Omit<ListItemProps, 'onClick' | 'arrowIcon' | 'clickable' | 'children'> {
  onClick: () => void;
  /** The row's arrow (on by default). */
  arrow?: boolean;
  children: ReactNode;
}

/**
 * A list row that acts (opens a page, a sheet, a dialog). antd-mobile's clickable List.Item is
 * an <a> without href, which no key reaches: here the row's text is a real button whose
 * surface covers the whole row, so a tap anywhere and Tab + Enter both act.
 */
export function ActionRow({ onClick, arrow = true, disabled, className, children, ...item }: ActionRowProps) {
  return (
    <List.Item
      {...item}
      disabled={disabled}
      arrowIcon={arrow}
      className={className ? `action-row ${className}` : 'action-row'}
    >
      <button type="button" className="action-row__button" onClick={onClick} disabled={disabled}>
        {children}
      </button>
    </List.Item>
  );
}
