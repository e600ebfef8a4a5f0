import {
  createActor,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot, type TraversalOptions } from 'xstate/graph';

/**
 * A transition is named by where it starts, what triggers it, and its place among the
 * transitions for that trigger (so two guarded branches of one event are two transitions).
 */
export function transitionName(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode;
  const trigger = transition.eventType === '' ? '(always)' : transition.eventType;
  const siblings: AnyTransitionDefinition[] =
    transition.eventType === ''
      ? (source.always ?? [])
      : (source.transitions.get(transition.eventType) ?? []);
  const index = siblings.indexOf(transition);
  const targets = (transition.target ?? []).map((t: AnyStateNode) => t.id).join(',') || '(self)';
  const guard = transition.guard
    ? typeof transition.guard === 'string'
      ? transition.guard
      : ((transition.guard as { type?: string }).type ?? 'inline guard')
    : '';
  return `${source.id} --${trigger}${siblings.length > 1 ? `#${index}` : ''}${guard ? `[${guard}]` : ''}--> ${targets}`;
}

/** Every transition the machine defines, eventless and delayed ones included. */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const names = new Set<string>();
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  for (const node of nodes) {
    for (const transitions of node.transitions.values()) {
      for (const transition of transitions) names.add(transitionName(transition));
    }
    for (const transition of node.always ?? []) names.add(transitionName(transition));
  }
  return names;
}

export interface WalkStep<TEvent extends EventObject = EventObject> {
  event: TEvent;
}

/**
 * Replays a generated path against a running actor of `machine` (effects already faked by the
 * caller through `machine.provide`) and returns the names of the transitions actually taken.
 * `afterEach` runs after every step so the test can assert what the reached state means.
 */
export function replay<TMachine extends AnyStateMachine>(
  machine: TMachine,
  steps: ReadonlyArray<WalkStep>,
  options: {
    input?: unknown;
    afterEach?: (snapshot: ReturnType<ReturnType<typeof createActor<TMachine>>['getSnapshot']>, step: WalkStep, index: number) => void;
  } = {},
): Set<string> {
  const taken = new Set<string>();
  const actor = createActor(machine, {
    input: options.input as never,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep' && inspection.actorRef === actor) {
        for (const transition of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
          taken.add(transitionName(transition));
        }
      }
    },
  });
  actor.start();
  steps.forEach((step, index) => {
    // The first step of a generated path is the initial state reached by xstate.init.
    if (step.event.type !== 'xstate.init') actor.send(step.event as never);
    options.afterEach?.(actor.getSnapshot() as never, step, index);
  });
  actor.stop();
  return taken;
}

/** Transitions defined but never walked: the model test asserts this is empty. */
export function unwalked(machine: AnyStateMachine, walked: Iterable<string>): string[] {
  const seen = new Set(walked);
  return [...definedTransitions(machine)].filter((name) => !seen.has(name)).sort();
}

/** One readable line per path, for `npm run test:paths`. */
export function describePath(steps: ReadonlyArray<{ event: EventObject; state: { value: unknown } }>): string {
  return steps
    .map((step) => `${step.event.type} → ${JSON.stringify(step.state.value)}`)
    .join('  ⇒  ');
}

export interface GeneratedPath<TEvent extends EventObject = EventObject> {
  steps: Array<{ event: TEvent; state: { value: unknown; context: unknown } }>;
}

/**
 * Paths that together take every edge of the machine's state graph: for each state reached,
 * the shortest path to it; then for each edge out of a state, that path plus the edge. Shortest
 * and simple paths alone never take an edge back to a state already visited.
 */
export function getEdgeCoveringPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: TraversalOptions<any, any, any>,
): GeneratedPath[] {
  const shortest = getShortestPaths(machine, options);
  const serialize = options.serializeState ?? ((snapshot: any) => serializeSnapshot(snapshot));
  const pathTo = new Map<string, GeneratedPath['steps']>();
  for (const path of shortest) pathTo.set(serialize(path.state, undefined), path.steps as never);
  const adjacency = getAdjacencyMap(machine, options as never);
  const paths: GeneratedPath[] = [];
  const seen = new Set<string>();
  for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
    const prefix = pathTo.get(stateKey);
    if (!prefix) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: EventObject; state: any }>) {
      const steps = [...prefix, { event, state }];
      const key = JSON.stringify(steps.map((step) => step.event));
      if (seen.has(key)) continue;
      seen.add(key);
      paths.push({ steps: steps as never });
    }
  }
  // Drop a path that is only the beginning of a longer one: the longer one walks it too.
  const keys = paths.map((path) => JSON.stringify(path.steps.map((step) => step.event)).slice(0, -1));
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && other.length > keys[i]!.length && other.startsWith(keys[i]! + ',')));
}

/** A short, readable form of a value carried by an event (bodies show their statusCode and error). */
function summarizeValue(value: unknown): string {
  if (value instanceof Error) return `Error(${JSON.stringify(value.message)})`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if ('statusCode' in record) {
      return `{statusCode: ${String(record.statusCode)}${typeof record.error === 'string' ? `, error: ${record.error}` : ''}}`;
    }
    const json = JSON.stringify(value);
    return json.length > 60 ? `${json.slice(0, 57)}...` : json;
  }
  return JSON.stringify(value) ?? String(value);
}

/** An event as a person reads it in a test plan: its type, then its payload in short form. */
export function describeEvent(event: EventObject): string {
  const payload = Object.entries(event).filter(([key]) => key !== 'type');
  if (payload.length === 0) return event.type;
  return `${event.type} ${payload.map(([key, value]) => `${key}=${summarizeValue(value)}`).join(' ')}`;
}

/** Like `describePath`, but with each event's payload, so paths that differ only in data read differently. */
export function describeSteps(
  steps: ReadonlyArray<{ event: EventObject; state: { value: unknown } }>,
  describe: (event: EventObject) => string = describeEvent,
): string {
  return steps
    .filter((step) => step.event.type !== 'xstate.init')
    .map((step) => `${describe(step.event)} → ${JSON.stringify(step.state.value)}`)
    .join('  ⇒  ');
}

/** A generated path, optionally run with its own machine input (e.g. framed or not) and labelled by it. */
export type ModelPath = GeneratedPath & { input?: unknown; label?: string };

/** A path's title in test output and in the printed plan. */
export function pathTitle(path: ModelPath): string {
  return `${path.label ? `[${path.label}] ` : ''}${describeSteps(path.steps as never) || '(initial state)'}`;
}
