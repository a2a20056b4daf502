package org.maestro.client.dsl;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.CodeVisitorSupport;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.StaticMethodCallExpression;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;
import org.maestro.common.cli.OneLineErrors;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A scenario describes a test; it cannot end the client. A {@code System.exit(0)} in it once ended {@code maestro run}
 * with exit 0, no output and no run directory, which a CI job calls a pass. Calls written as such ({@code System.exit},
 * {@code Runtime.getRuntime().exit/halt}) are refused when the scenario compiles, naming the line; one made some other
 * way is caught while the scenario runs ({@link #guard}), and the client then ends with exit 2, saying why.
 */
final class ScenarioExit extends CompilationCustomizer {
    private static final Set<String> ENDING = Set.of("exit", "halt");

    private final List<Integer> lines = new ArrayList<>();

    ScenarioExit() {
        super(CompilePhase.SEMANTIC_ANALYSIS);
    }

    /** The lines of the calls found, in the order written. */
    List<Integer> lines() {
        return lines;
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        CodeVisitorSupport visitor = new CodeVisitorSupport() {
            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                if (ENDING.contains(call.getMethodAsString()) && endsTheJvm(call.getObjectExpression())) {
                    lines.add(call.getLineNumber());
                }
                super.visitMethodCallExpression(call);
            }

            @Override
            public void visitStaticMethodCallExpression(StaticMethodCallExpression call) {
                if (ENDING.contains(call.getMethod()) && isRuntimeOrSystem(call.getOwnerType())) {
                    lines.add(call.getLineNumber());
                }
                super.visitStaticMethodCallExpression(call);
            }
        };
        classNode.getMethods().forEach(m -> {
            if (m.getCode() != null) {
                m.getCode().visit(visitor);
            }
        });
        classNode.getObjectInitializerStatements().forEach(s -> s.visit(visitor));
    }

    /** {@code System} itself, or {@code Runtime.getRuntime()}. */
    private static boolean endsTheJvm(Expression receiver) {
        if (receiver instanceof ClassExpression c) {
            return isRuntimeOrSystem(c.getType());
        }
        return receiver instanceof MethodCallExpression m && "getRuntime".equals(m.getMethodAsString())
                && m.getObjectExpression() instanceof ClassExpression c && isRuntimeOrSystem(c.getType());
    }

    private static boolean isRuntimeOrSystem(ClassNode type) {
        String name = type.getName();
        return name.equals("java.lang.System") || name.equals("java.lang.Runtime") || name.equals("System") || name.equals("Runtime");
    }

    /**
     * Runs {@code scenario}; should it end the JVM anyway, the client says so on stderr and ends with exit 2 instead of
     * the scenario's code. The hook is gone once the scenario returned.
     */
    static void guard(String fileName, Runnable scenario) {
        Thread hook = new Thread(() -> {
            System.err.println("maestro: " + fileName + " ended the client (System.exit) while it was read: a scenario"
                    + " describes a test, it cannot end the client; no test ran");
            System.err.flush();
            Runtime.getRuntime().halt(OneLineErrors.CANNOT_RUN);
        }, "scenario-exit-guard");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            scenario.run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already: the hook is what tells it
            }
        }
    }
}
