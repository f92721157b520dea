import { MessagePage } from './message-page.tsx';

/** Any unknown path (spec section 2): "Oops" with a Home button. */
export function NotFoundPage() {
  return <MessagePage titleKey="notFound.title" messageKey="notFound.message" />;
}
