#!/bin/sh
# Renders lesson-clip.webm, the one short lesson video every demo video id plays (see ../assets.ts).
# Needs ffmpeg with libvpx and the DejaVu fonts; seeding never runs this, the rendered clip is committed.
# A catapult arm (blue beam on a red base) cocks back and snaps forward, throwing an orange ball, four times.
set -eu
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# Phase within a 2-second throw: cock back slowly (0..0.7), snap forward (0.7..0.8), hold.
P='mod(t,2)/2'
ANGLE="if(lt($P,0.7),-0.45*$P/0.7,if(lt($P,0.8),-0.45+1.05*($P-0.7)/0.1,0.6))"
# The ball rides the left end of the arm until release, then flies in a parabola.
BX="if(lt($P,0.78),320-110*cos($ANGLE)-9,320-110*cos(0.6)-9+1800*($P-0.78))"
BY="if(lt($P,0.78),225-110*sin($ANGLE)-22,225-110*sin(0.6)-22-900*($P-0.78)+3000*($P-0.78)*($P-0.78))"
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "color=c=0xEAF4FF:s=640x360:r=25:d=8" \
  -f lavfi -i "color=c=0x0055BF:s=240x22:r=25:d=8,format=rgba" \
  -f lavfi -i "color=c=0xFE8A18:s=18x18:r=25:d=8,format=rgba" \
  -filter_complex "\
[0]drawbox=x=0:y=300:w=640:h=60:c=0x237841:t=fill,\
drawbox=x=20:y=292:w=600:h=8:c=0x2E8B50:t=fill,\
drawbox=x=250:y=232:w=140:h=68:c=0xD01012:t=fill,\
drawbox=x=262:y=222:w=28:h=10:c=0xD01012:t=fill,\
drawbox=x=350:y=222:w=28:h=10:c=0xD01012:t=fill,\
drawtext=fontfile=$FONT:text='Catapult - launch test':x=24:y=20:fontsize=28:fontcolor=0x1B2A41,\
drawtext=fontfile=$FONT:text='Youngengineer Online':x=24:y=56:fontsize=16:fontcolor=0x5A6B82[bg];\
[1]rotate=a='$ANGLE':c=0x00000000:ow=260:oh=260[arm];\
[bg][arm]overlay=x=190:y=95:eval=frame[withArm];\
[withArm][2]overlay=x='$BX':y='$BY':eval=frame,\
drawbox=x=311:y=216:w=18:h=18:c=0xF2CD37:t=fill,format=yuv420p[v]" \
  -map "[v]" -an -c:v libvpx -b:v 180k -crf 30 -deadline good -auto-alt-ref 0 lesson-clip.webm
ls -l lesson-clip.webm
