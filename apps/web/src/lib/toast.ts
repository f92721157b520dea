import { notifications } from '@mantine/notifications';
import { TOAST_DEFAULT_MS } from '@quarry/shared/constants';

/** A toast in the corner, gone after 5 s unless told otherwise. */
export function toast(message: string, { color = 'blue', title }: { color?: string; title?: string } = {}): void {
  notifications.show({ message, title, color, autoClose: TOAST_DEFAULT_MS });
}
