/**
 * The app's design system: every screen builds from these pieces and the tokens in styles.css
 * (colour, spacing, type; light and dark follow the system).
 */
import './ui.css';

export { Button, type ButtonVariant } from './button';
export { Card, Section } from './card';
export { Chip, ChipRow } from './chip';
export { Tabs, type Tab } from './tabs';
export { Dialog, Sheet, FormSheet, ConfirmProvider, useConfirm, type ConfirmOptions } from './dialog';
export { ToastProvider, useToast } from './toast';
export { Badge, AvatarStack, Skeleton, EmptyState, type Tone } from './bits';
export { ListState, Loading, Problem, Waiting, fieldError, Page, Field, TextArea } from './page';
