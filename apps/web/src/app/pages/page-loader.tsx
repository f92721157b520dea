import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" aria-busy="true">
      <Loader />
    </Center>
  );
}
