# For OpenBench and similar frameworks: "make EXE=name" builds the jar and an executable launcher called EXE.
# Needs a JDK (17+) and Maven. The launcher runs the jar from this checkout.
# For an OpenBench SPSA tune, "make EXE=name TUNABLE=1": the launcher passes --tunable, so the constants that
# "./horizon params" lists are UCI spin options.
EXE ?= horizon-bin
TUNABLE ?=
TUNE_ARG = $(if $(TUNABLE),--tunable,)
JAVA_FLAGS = -XX:+UseParallelGC -Xmn64m -XX:MaxRAMPercentage=50 -Xss16m --add-modules jdk.incubator.vector -Xlog:disable -Xlog:all=warning:stderr

.PHONY: all jar clean
all: jar
	@printf '#!/bin/sh\nexec java $(JAVA_FLAGS) -jar "%s/target/horizon.jar" $(TUNE_ARG) "$$@"\n' "$(CURDIR)" > $(EXE)
	@chmod +x $(EXE)
	@echo "built $(EXE)"

jar:
	mvn -q -B -DskipTests package

clean:
	mvn -q -B clean
