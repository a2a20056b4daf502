package org.maestro.client.dsl;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.TestOptions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.maestro.client.dsl.DslValues.time;

/** The {@code agent { }} block. */
public final class AgentSpec {
    private final boolean local;
    private boolean sourceGiven;
    private String url;
    private String branch = "";
    private final List<TestPlan.Action> actions = new ArrayList<>();
    private final Map<String, String> options = new LinkedHashMap<>();
    /** The topology given before the agent block (an agent beside each of its routers); null without. */
    private final ScriptTopology topology;

    AgentSpec(boolean local, ScriptTopology topology) {
        this.local = local;
        this.topology = topology;
    }

    /**
     * The git repository of handlers: {@code source 'file:///srv/handlers.git', branch: 'v2'}. Null (a param with
     * no value) leaves it to --local, which makes a repository of the script's {@code handlers/} directory.
     */
    public void source(Map<String, Object> args, Object gitUrl) {
        if (gitUrl == null && !local) {
            throw new IllegalArgumentException("the agent's handler source is not given: a git URL the agent allows"
                    + " (maestro agent --allow), e.g. a repository of test-scripts/handlers; --local uses test-scripts/handlers itself");
        }
        sourceGiven = true;
        url = gitUrl == null ? null : String.valueOf(gitUrl);
        branch = String.valueOf(args.getOrDefault("branch", ""));
    }

    public void source(Object gitUrl) {
        source(Map.of(), gitUrl);
    }

    /** How long one handler run may take before it is killed ({@code '2m'}). */
    public void timeout(Object value) {
        millis("timeout", value);
        options.put(TestOptions.AGENT_HANDLER_TIMEOUT, String.valueOf(value));
    }

    /**
     * {@code at '60s', run: 'restart-broker.sh', args: [...]}; {@code agent: 'router-2'} has that agent run it,
     * {@code group: 'routers'} every agent of that group.
     */
    public void at(Map<String, Object> args, Object time) {
        add(new TestPlan.Action(millis("at", time), handler(args), arguments(args), agentOf(args), groupOf(args)));
    }

    /** An action, refused on its line when the topology given before it has no agent to run it. */
    private void add(TestPlan.Action action) {
        if (topology != null) {
            String refusal = topology.agentRefusal(action);
            if (refusal != null) {
                throw new IllegalArgumentException(refusal);
            }
        }
        actions.add(action);
    }

    /** {@code every '30s', from: '60s', until: '180s', run: '...', args: [...]}. */
    public void every(Map<String, Object> args, Object period) {
        long step = millis("every", period);
        long from = millis("from", args.getOrDefault("from", "0s"));
        if (!args.containsKey("until")) {
            throw new IllegalArgumentException("every '" + period + "' needs until: (when to stop repeating)");
        }
        long until = millis("until", args.get("until"));
        if (step <= 0 || until < from) {
            throw new IllegalArgumentException("every '" + period + "' from " + args.get("from") + " until "
                    + args.get("until") + " repeats nothing");
        }
        for (long t = from; t <= until; t += step) {
            add(new TestPlan.Action(t, handler(args), arguments(args), agentOf(args), groupOf(args)));
        }
    }

    private static String handler(Map<String, Object> args) {
        Object run = args.get("run");
        if (run == null) {
            throw new IllegalArgumentException("an agent action needs run: the handler's path in the source repository");
        }
        return run.toString();
    }

    /** The agent an action names ({@code agent: 'router-2'}: that peer's name), or "" for the test's one agent. */
    private static String agentOf(Map<String, Object> args) {
        Object agent = args.get("agent");
        if (agent != null && agent.toString().isBlank()) {
            throw new IllegalArgumentException("an agent action's agent: is empty: give an agent's name (e.g. router-2) or leave agent: out");
        }
        if (agent != null && args.get("group") != null) {
            throw new IllegalArgumentException("an agent action has agent: '" + agent + "' and group: '" + args.get("group")
                    + "': give one agent's name, or the group whose every agent runs it");
        }
        return agent == null ? "" : agent.toString();
    }

    /** The group of agents an action is for ({@code group: 'routers'}: every agent started in it), or "". */
    private static String groupOf(Map<String, Object> args) {
        Object group = args.get("group");
        if (group != null && group.toString().isBlank()) {
            throw new IllegalArgumentException("an agent action's group: is empty: give a group of agents (e.g. routers) or leave group: out");
        }
        return group == null ? "" : group.toString();
    }

    /** The handler's arguments; a null one (a param with no value) is left out, so the handler uses its own default. */
    private static List<String> arguments(Map<String, Object> args) {
        Object a = args.getOrDefault("args", List.of());
        if (a instanceof List<?> list) {
            return list.stream().filter(Objects::nonNull).map(String::valueOf).toList();
        }
        return a == null ? List.of() : List.of(String.valueOf(a));
    }

    private static long millis(String what, Object value) {
        return time(what, value).toMillis();
    }

    TestPlan.AgentPlan build() {
        if (!sourceGiven) {
            throw new IllegalArgumentException("agent needs source: the git repository of its handlers");
        }
        List<TestPlan.Action> sorted = new ArrayList<>(actions);
        sorted.sort(Comparator.comparingLong(TestPlan.Action::atMillis));
        return new TestPlan.AgentPlan(url, branch, List.copyOf(sorted), Map.copyOf(options));
    }
}
