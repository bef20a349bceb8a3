import { waitUntil } from '../src/testing';

// The test kit's wait: a timeout says what was awaited, and a describer's account of the state
// when one is given (CI runs the services with silent loggers, so that is all a failure shows).

test('a timed-out wait names what it waited for, as text or as the describer reports the state', async () => {
  await expect(waitUntil(() => false, 30, 'the renamed snapshot')).rejects.toThrow('Timed out after 30 ms waiting for the renamed snapshot');
  await expect(waitUntil(() => false, 30, async () => 'the rename: {"outbox":1}')).rejects.toThrow('waiting for the rename: {"outbox":1}');
});

test('a describer that fails still leaves the timeout, with why it could not describe', async () => {
  const failing = () => Promise.reject(new Error('broker gone'));
  await expect(waitUntil(() => false, 30, failing)).rejects.toThrow('waiting for (describing the state failed: Error: broker gone)');
});

test('a check that holds ends the wait without asking the describer', async () => {
  const describer = jest.fn(() => 'never asked');
  let calls = 0;
  await waitUntil(() => ++calls >= 3, 1_000, describer);
  expect(describer).not.toHaveBeenCalled();
});
