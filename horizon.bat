@echo off
rem Horizon launcher for Windows: builds target\horizon.jar when it is missing, then runs it.
setlocal
set "DIR=%~dp0"
if not exist "%DIR%target\horizon.jar" (
    echo horizon: building target\horizon.jar ^(first run^)... 1>&2
    pushd "%DIR%"
    call mvn -q -B -DskipTests package 1>&2
    popd
    if not exist "%DIR%target\horizon.jar" (
        echo horizon: build failed 1>&2
        exit /b 1
    )
)
java -XX:+UseParallelGC -Xmn64m -XX:MaxRAMPercentage=50 -Xss16m -Xlog:disable -Xlog:all=warning:stderr -jar "%DIR%target\horizon.jar" %*
