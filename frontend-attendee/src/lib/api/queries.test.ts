import { QueryClient } from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components } from '@contract/api-types';
import { queries, THREADS_KEY, USER_QUERY_KEY } from './queries';

type Schemas = components['schemas'];

describe("the GETs of react-query's default query function", () => {
  it('keep the query keys the app and its tests share (the URL is the key joined by /)', () => {
    expect(queries.environment().queryKey).toEqual(['/api/environment']);
    expect(queries.conference().queryKey).toEqual(['/api/conference']);
    expect(queries.sessions().queryKey).toEqual(['/api/sessions']);
    expect(queries.sessions(true).queryKey).toEqual(['/api/sessions?includeAll=true']);
    expect(queries.assistant().queryKey).toEqual(['/api/chat/assistant']);
    expect(queries.threads().queryKey).toEqual([...THREADS_KEY]);
    expect(THREADS_KEY).toEqual(['/api/chat/threads']);
    expect(queries.messages('t-1').queryKey).toEqual(['/api/chat/messages', 't-1']);
    const queryFn = async () => null;
    expect(queries.user(queryFn).queryKey).toEqual([...USER_QUERY_KEY]);
    expect(USER_QUERY_KEY).toEqual(['/api/auth/user']);
  });

  it("read their data as the contract's answers (checked by the type check)", () => {
    const client = new QueryClient();
    expectTypeOf(client.getQueryData(queries.sessions().queryKey)).toEqualTypeOf<Schemas['SessionResponse'][] | undefined>();
    expectTypeOf(client.getQueryData(queries.conference().queryKey)).toEqualTypeOf<Schemas['ConferenceResponse'] | undefined>();
    expectTypeOf(client.getQueryData(queries.threads().queryKey)).toEqualTypeOf<Schemas['ChatThreadSummary'][] | undefined>();
    expectTypeOf(client.getQueryData(queries.messages('t').queryKey)).toEqualTypeOf<Schemas['ChatMessageResponse'][] | undefined>();
    expectTypeOf(client.getQueryData(queries.assistant().queryKey)).toEqualTypeOf<Schemas['AssistantInfoResponse'] | undefined>();
    const user = queries.user(async () => null).queryKey;
    expectTypeOf(client.getQueryData(user)).toEqualTypeOf<Schemas['UserResponse'] | null | undefined>();
    // A field the contract does not have is not there to read.
    // @ts-expect-error: a session of the contract has no `name`
    void client.getQueryData(queries.sessions().queryKey)?.[0]?.name;
  });
});
