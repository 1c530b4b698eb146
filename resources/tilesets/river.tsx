<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="river" tilewidth="256" tileheight="256" tilecount="10" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <properties>
  <property name="edge_kinds" value="s:river"/>
  <property name="expansion" value="river"/>
 </properties>
 <tile id="0">
  <properties>
   <property name="tile_id" value="R1"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fsff"/>
   <property name="segments" value="river E; field NW NE EN ES SE SW WS WN"/>
   <property name="role" value="spring"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R1.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile_id" value="R2"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fffs"/>
   <property name="segments" value="river W; field NW NE EN ES SE SW WS WN"/>
   <property name="role" value="lake"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R2.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile_id" value="R3"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cscs"/>
   <property name="segments" value="river E W; city N; city S; field EN WN &gt; N; field ES WS &gt; S"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R3.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile_id" value="R4"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="csrs"/>
   <property name="segments" value="river E W; city N; road S; field EN &gt; N; field WN &gt; N; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R4.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile_id" value="R5"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fsrs"/>
   <property name="segments" value="river E W; cloister; road S; field NW NE EN WN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R5.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile_id" value="R6"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rsrs"/>
   <property name="segments" value="river E W; road N S; field NW WN; field NE EN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R6.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile_id" value="R7"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="fsfs"/>
   <property name="segments" value="river E W; field NW NE EN WN; field ES SE SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R7.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile_id" value="R8"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccss"/>
   <property name="segments" value="river S W; city N E; field SE WN &gt; N; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R8.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile_id" value="R9"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rrss"/>
   <property name="segments" value="river S W; road N E; field NW ES SE WN; field NE EN; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R9.png"/>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile_id" value="R10"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="ffss"/>
   <property name="segments" value="river S W; field NW NE EN ES SE WN; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/river/R10.png"/>
 </tile>
</tileset>
