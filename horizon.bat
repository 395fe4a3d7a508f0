@echo off
rem Horizon launcher for Windows. In a checkout (pom.xml beside it) it builds target\horizon.jar when it is missing,
rem then runs it; in the release archive (horizon.jar beside it, no pom.xml) it runs that jar and needs no Maven.
setlocal
set "DIR=%~dp0"
set "JAR=%DIR%target\horizon.jar"
if not exist "%DIR%pom.xml" if exist "%DIR%horizon.jar" set "JAR=%DIR%horizon.jar"
if not exist "%JAR%" (
    echo horizon: building target\horizon.jar ^(first run^)... 1>&2
    pushd "%DIR%"
    call mvn -q -B -DskipTests package 1>&2
    popd
    if not exist "%JAR%" (
        echo horizon: build failed 1>&2
        exit /b 1
    )
)
java -XX:+UseParallelGC -Xmn64m -XX:MaxRAMPercentage=50 -Xss16m --add-modules jdk.incubator.vector -Xlog:disable -Xlog:all=warning:stderr -jar "%JAR%" %*
