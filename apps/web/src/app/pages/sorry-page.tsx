import { MessagePage } from './message-page.tsx';

/** Where a failed navigation guard lands: "Navigation Error". */
export function SorryPage() {
  return <MessagePage titleKey="sorry.title" messageKey="sorry.message" />;
}
