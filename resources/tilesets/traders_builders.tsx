<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="traders_builders" tilewidth="256" tileheight="256" tilecount="24" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <properties>
  <property name="expansion" value="traders_builders"/>
  <property name="marks" value="wine:city grain:city cloth:city"/>
 </properties>
 <tile id="0">
  <properties>
   <property name="tile_id" value="TB1"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W grain; field EN ES SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB1.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile_id" value="TB2"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W wine; field EN ES SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB2.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile_id" value="TB3"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fccc"/>
   <property name="segments" value="city E W cloth; city S; field NW NE &gt; E; field inner &gt; E S"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB3.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile_id" value="TB4"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fccc"/>
   <property name="segments" value="city E W wine; city S; field NW NE &gt; E; field inner &gt; E S"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB4.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile_id" value="TB5"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="city N E W grain; field SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB5.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile_id" value="TB6"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cccc"/>
   <property name="segments" value="city N W cloth; city E; city S; field inner &gt; N E S"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB6.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile_id" value="TB7"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W cloth; road E; road S; field EN &gt; N; field ES &gt; N; field SE &gt; N; field SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB7.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile_id" value="TB8"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W wine; road E; road S; field EN &gt; N; field ES SE &gt; N; field SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB8.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile_id" value="TB9"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crcc"/>
   <property name="segments" value="city N W cloth; city S; road E; field EN &gt; N; field ES &gt; N S"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB9.png"/>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile_id" value="TB10"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crcc"/>
   <property name="segments" value="city N W grain; city S; road E; field EN &gt; N; field ES &gt; N S"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB10.png"/>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile_id" value="TB11"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crfc"/>
   <property name="segments" value="city N W cloth; road E; field EN &gt; N; field ES SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB11.png"/>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile_id" value="TB12"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crfc"/>
   <property name="segments" value="city N W wine; road E; field EN &gt; N; field ES &gt; N; field SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB12.png"/>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile_id" value="TB13"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccrc"/>
   <property name="segments" value="city N E W wine; road S; field SE &gt; N; field SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB13.png"/>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile_id" value="TB14"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cccc"/>
   <property name="segments" value="city N W wine; city E S; field inner &gt; N E"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB14.png"/>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile_id" value="TB15"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fcfc"/>
   <property name="segments" value="city E W wine; field NW NE &gt; E; field SE SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB15.png"/>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile_id" value="TB16"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crff"/>
   <property name="segments" value="city N; road E; field EN &gt; N; field ES SE SW WS WN &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB16.png"/>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile_id" value="TB17"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fcrc"/>
   <property name="segments" value="city E W grain; road S; field NW NE &gt; E; field SE &gt; E; field SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB17.png"/>
 </tile>
 <tile id="17">
  <properties>
   <property name="tile_id" value="TB18"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fcrc"/>
   <property name="segments" value="city E W wine; road S; field NW NE &gt; E; field SE &gt; E; field SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB18.png"/>
 </tile>
 <tile id="18">
  <properties>
   <property name="tile_id" value="TB19"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rcrc"/>
   <property name="segments" value="city E W wine; road N; road S; field NW &gt; E; field NE &gt; E; field SE &gt; E; field SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB19.png"/>
 </tile>
 <tile id="19">
  <properties>
   <property name="tile_id" value="TB20"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frrr"/>
   <property name="segments" value="cloister; road E; road S; road W; field NW NE EN WN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB20.png"/>
 </tile>
 <tile id="20">
  <properties>
   <property name="tile_id" value="TB21"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrc"/>
   <property name="segments" value="city N W grain; road S; field SW &gt; N; field EN ES SE &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB21.png"/>
 </tile>
 <tile id="21">
  <properties>
   <property name="tile_id" value="TB22"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrc"/>
   <property name="segments" value="city N W grain; road S; field SW &gt; N; field SE &gt; N; field EN ES &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB22.png"/>
 </tile>
 <tile id="22">
  <properties>
   <property name="tile_id" value="TB23"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrr"/>
   <property name="segments" value="city N; road W; road S; field WN &gt; N; field SW WS; field EN ES SE &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB23.png"/>
 </tile>
 <tile id="23">
  <properties>
   <property name="tile_id" value="TB24"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rrrr"/>
   <property name="segments" value="road N S; road E W; field NW WN; field NE EN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/traders_builders/TB24.png"/>
 </tile>
</tileset>
