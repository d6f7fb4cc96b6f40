import type { repairContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { DAY_MS } from '../../../core/timeZone.js';
import type { Database } from '../../../db/schema.js';
import type { FilesService } from '../../files/index.js';

type Language = 'it' | 'tr' | 'pt' | 'zh' | 'en' | 'de';
type FailureMode = repairContract.FailureMode;

interface FaultText {
  title: string;
  description: string;
  cause: string;
  result: string;
}

/** A fault a TBM crew meets, told in the sites' languages (DOMAIN.md "Repairs and knowledge"). */
interface DemoFault {
  system: string;
  component: string;
  failureMode: FailureMode;
  /** Hours from the finding to the repair. */
  hours: number;
  text: Partial<Record<Language, FaultText>> & { en: FaultText };
}

const FAULTS: readonly DemoFault[] = [
  {
    system: 'Main drive',
    component: 'Main bearing seal',
    failureMode: 'leakage',
    hours: 30,
    text: {
      en: { title: 'Main bearing seal leak', description: 'Gear oil on the shield floor under the main bearing; seal chamber pressure falling from 2.1 to 0.8 bar during advance.', cause: 'Worn lip of the outer main bearing seal after abrasive ground; grease pump line partly blocked.', result: 'Outer seal lip replaced, grease line flushed, chamber pressure back to 2.1 bar and held for 24 h.' },
      it: { title: 'Perdita olio tenuta cuscinetto principale', description: 'Olio riduttore sul fondo dello scudo sotto il cuscinetto principale; pressione camera tenuta scesa da 2,1 a 0,8 bar in avanzamento.', cause: 'Labbro della tenuta esterna usurato dal terreno abrasivo; linea della pompa grasso parzialmente ostruita.', result: 'Sostituito il labbro della tenuta esterna, linea grasso lavata, pressione tornata a 2,1 bar e mantenuta per 24 ore.' },
      tr: { title: 'Ana yatak keçesi yağ kaçağı', description: 'Ana yatak altında kalkan tabanında dişli yağı; ilerleme sırasında keçe odası basıncı 2,1 bardan 0,8 bara düştü.', cause: 'Aşındırıcı zeminde dış ana yatak keçesinin dudağı aşınmış; gres pompası hattı kısmen tıkalı.', result: 'Dış keçe dudağı değiştirildi, gres hattı yıkandı, oda basıncı 2,1 bara döndü ve 24 saat korundu.' },
      pt: { title: 'Fuga de óleo no vedante do rolamento principal', description: 'Óleo da engrenagem no fundo do escudo sob o rolamento principal; pressão da câmara do vedante a cair de 2,1 para 0,8 bar durante o avanço.', cause: 'Lábio do vedante exterior gasto pelo terreno abrasivo; linha da bomba de massa parcialmente obstruída.', result: 'Lábio do vedante exterior substituído, linha de massa lavada, pressão da câmara de volta a 2,1 bar durante 24 h.' },
      zh: { title: '主驱动主轴承密封漏油', description: '主轴承下方盾体底部有齿轮油；掘进中密封腔压力从2.1 bar降至0.8 bar，主驱动漏油。', cause: '磨蚀性地层导致外密封唇口磨损；油脂泵管路部分堵塞。', result: '更换外密封唇口，冲洗油脂管路，腔压恢复至2.1 bar并保持24小时。' },
      de: { title: 'Hauptlagerdichtung undicht', description: 'Getriebeöl auf der Schildsohle unter dem Hauptlager; Druck der Dichtungskammer fällt beim Vortrieb von 2,1 auf 0,8 bar.', cause: 'Dichtlippe der äußeren Hauptlagerdichtung durch abrasiven Boden verschlissen; Fettpumpenleitung teilweise verstopft.', result: 'Äußere Dichtlippe getauscht, Fettleitung gespült, Kammerdruck wieder 2,1 bar und 24 h gehalten.' },
    },
  },
  {
    system: 'Screw conveyor',
    component: 'Screw flight',
    failureMode: 'blockage',
    hours: 6,
    text: {
      en: { title: 'Screw conveyor jammed', description: 'Screw conveyor stopped on torque limit with sticky clay; earth pressure rising at the face.', cause: 'Clay without enough foam conditioning stuck to the flights and formed a plug.', result: 'Reversed the screw, injected water and polymer through the screw ports, foam ratio raised to 60 %.' },
      it: { title: 'Coclea bloccata', description: 'Coclea ferma al limite di coppia con argilla appiccicosa; pressione del terreno in aumento al fronte.', cause: 'Argilla senza sufficiente condizionamento con schiuma attaccata alle spire, formazione di un tappo.', result: 'Coclea invertita, iniettata acqua e polimero dalle porte della coclea, FIR portato al 60 %.' },
      tr: { title: 'Helezon konveyör sıkıştı', description: 'Helezon konveyör yapışkan kil ile tork sınırında durdu; aynada toprak basıncı artıyor.', cause: 'Yeterli köpük şartlandırması olmayan kil kanatlara yapıştı ve tıkaç oluşturdu.', result: 'Helezon ters çevrildi, helezon portlarından su ve polimer basıldı, köpük oranı %60a çıkarıldı.' },
      pt: { title: 'Parafuso sem-fim encravado', description: 'Parafuso sem-fim parado no limite de binário com argila pegajosa; pressão de terras a subir na frente.', cause: 'Argila sem condicionamento de espuma suficiente colou às hélices e formou um tampão.', result: 'Parafuso invertido, injetada água e polímero pelas portas do parafuso, taxa de espuma aumentada para 60 %.' },
      zh: { title: '螺旋输送机卡死', description: '螺旋输送机因黏土扭矩超限停机；开挖面土压上升。', cause: '黏土泡沫改良不足，黏附叶片形成土塞。', result: '螺旋机反转，经螺旋机注入口注水和聚合物，泡沫注入率提高到60%。' },
    },
  },
  {
    system: 'Cutterhead',
    component: 'Disc cutters',
    failureMode: 'wear',
    hours: 10,
    text: {
      en: { title: 'Cutter change after wear check', description: 'Wear check in the excavation chamber: six 17" disc cutters on the gauge beyond the 15 mm limit, two with flat spots.', cause: 'Hard quartz-rich gravel lenses; two cutters blocked by fines and wore flat.', result: 'Eight disc cutters changed under atmospheric conditions, cutterhead rotation checked, wear log updated.' },
      it: { title: 'Cambio utensili dopo controllo usura', description: 'Controllo usura in camera di scavo: sei dischi da 17" sul profilo oltre il limite di 15 mm, due con usura piana.', cause: 'Lenti di ghiaia dura ricca di quarzo; due dischi bloccati dai fini, usurati in piano.', result: 'Sostituiti otto dischi in condizioni atmosferiche, rotazione della testa verificata, registro usura aggiornato.' },
      tr: { title: 'Aşınma kontrolünden sonra keski değişimi', description: 'Kazı odasında aşınma kontrolü: çevredeki altı adet 17" disk keski 15 mm sınırını aşmış, ikisinde düz aşınma.', cause: 'Kuvarsça zengin sert çakıl mercekleri; ince malzemeyle kilitlenen iki keski düz aşındı.', result: 'Atmosferik koşullarda sekiz disk keski değiştirildi, kesici kafa dönüşü kontrol edildi, aşınma kaydı güncellendi.' },
      pt: { title: 'Troca de cortadores após controlo de desgaste', description: 'Controlo de desgaste na câmara de escavação: seis discos de 17" no perímetro acima do limite de 15 mm, dois com desgaste plano.', cause: 'Lentes de cascalho duro rico em quartzo; dois discos bloqueados por finos desgastaram-se em plano.', result: 'Oito discos trocados em condições atmosféricas, rotação da cabeça verificada, registo de desgaste atualizado.' },
      zh: { title: '刀具磨损检查后换刀', description: '土仓内刀具检查：边缘六把17寸滚刀磨损超过15 mm限值，两把偏磨。', cause: '富含石英的硬质砾石透镜体；两把滚刀被细颗粒卡住导致偏磨。', result: '常压下更换八把滚刀，检查刀盘转动，更新磨损记录。' },
      de: { title: 'Werkzeugwechsel nach Verschleißkontrolle', description: 'Verschleißkontrolle in der Abbaukammer: sechs 17"-Disken am Kaliber über der Grenze von 15 mm, zwei mit Flachstellen.', cause: 'Harte quarzreiche Kieslinsen; zwei Disken durch Feinanteile blockiert und flach gelaufen.', result: 'Acht Disken unter atmosphärischen Bedingungen gewechselt, Schneidraddrehung geprüft, Verschleißprotokoll ergänzt.' },
    },
  },
  {
    system: 'Grouting',
    component: 'Grout line',
    failureMode: 'blockage',
    hours: 4,
    text: {
      en: { title: 'Grout line blockage', description: 'Tail skin grout line B blocked: pressure at the pump 12 bar, nothing at the outlet; annulus filling short on the upper left.', cause: 'Mortar left standing in the line during a long ring build set in the line.', result: 'Line B cleaned with the pig and high-pressure water, spare line used meanwhile, cleaning after each stop added to the shift checklist.' },
      it: { title: 'Linea di iniezione intasata', description: 'Linea B della malta in coda intasata: 12 bar alla pompa, nulla in uscita; riempimento del vuoto anulare scarso in alto a sinistra.', cause: 'Malta rimasta ferma nella linea durante un lungo montaggio anello, fatta presa.', result: 'Linea B pulita con il pig e acqua ad alta pressione, usata la linea di riserva, lavaggio dopo ogni fermo aggiunto alla checklist del turno.' },
      tr: { title: 'Enjeksiyon hattı tıkanması', description: 'Kuyruk enjeksiyon hattı B tıkalı: pompada 12 bar, çıkışta akış yok; sol üstte boşluk dolgusu eksik.', cause: 'Uzun halka montajında hatta bekleyen harç priz aldı.', result: 'B hattı pig ve yüksek basınçlı su ile temizlendi, bu sırada yedek hat kullanıldı, her duruştan sonra yıkama vardiya listesine eklendi.' },
      pt: { title: 'Linha de injeção entupida', description: 'Linha B de injeção na cauda entupida: 12 bar na bomba, nada à saída; enchimento do anel insuficiente em cima à esquerda.', cause: 'Argamassa parada na linha durante uma montagem longa do anel fez presa.', result: 'Linha B limpa com o pig e água a alta pressão, usada a linha de reserva, lavagem após cada paragem acrescentada à lista do turno.' },
      zh: { title: '同步注浆管路堵塞', description: '盾尾注浆B管堵塞：泵端12 bar，出口无浆；左上部环形间隙充填不足。', cause: '长时间拼装管片期间管内砂浆静置凝结。', result: '用清管器和高压水清洗B管，期间使用备用管路，每次停机后清洗列入班组检查表。' },
    },
  },
  {
    system: 'Hydraulics',
    component: 'Thrust pump',
    failureMode: 'overheating',
    hours: 20,
    text: {
      en: { title: 'Hydraulic pump failure', description: 'Thrust pump 2 noisy, hydraulic oil at 68 °C, thrust pressure unstable; pump tripped on temperature.', cause: 'Suction filter clogged, pump cavitated; cooling water flow low.', result: 'Pump 2 replaced with the spare, suction filter and oil changed, cooling water flow restored to 120 l/min.' },
      it: { title: 'Guasto pompa idraulica', description: 'Pompa di spinta 2 rumorosa, olio idraulico a 68 °C, pressione di spinta instabile; pompa scattata per temperatura.', cause: 'Filtro di aspirazione intasato, cavitazione della pompa; portata acqua di raffreddamento bassa.', result: 'Pompa 2 sostituita con la scorta, filtro di aspirazione e olio cambiati, portata acqua ripristinata a 120 l/min.' },
      tr: { title: 'Hidrolik pompa arızası', description: 'İtme pompası 2 gürültülü, hidrolik yağ 68 °C, itme basıncı kararsız; pompa sıcaklıktan attı.', cause: 'Emiş filtresi tıkanmış, pompa kavitasyon yaptı; soğutma suyu debisi düşük.', result: 'Pompa 2 yedeğiyle değiştirildi, emiş filtresi ve yağ değişti, soğutma suyu 120 l/dk ya getirildi.' },
      pt: { title: 'Avaria da bomba hidráulica', description: 'Bomba de impulso 2 ruidosa, óleo hidráulico a 68 °C, pressão de impulso instável; bomba disparou por temperatura.', cause: 'Filtro de aspiração colmatado, cavitação na bomba; caudal de água de refrigeração baixo.', result: 'Bomba 2 substituída pela de reserva, filtro de aspiração e óleo trocados, caudal de refrigeração reposto em 120 l/min.' },
      zh: { title: '液压泵故障', description: '推进泵2异响，液压油温68 °C，推进压力不稳；泵因超温跳停。', cause: '吸油滤芯堵塞导致泵气蚀；冷却水流量偏低。', result: '更换备用泵2，更换吸油滤芯和液压油，冷却水流量恢复到120 l/min。' },
      de: { title: 'Ausfall der Hydraulikpumpe', description: 'Vorschubpumpe 2 laut, Hydrauliköl 68 °C, Vorschubdruck schwankend; Pumpe wegen Übertemperatur abgeschaltet.', cause: 'Saugfilter zugesetzt, Kavitation der Pumpe; Kühlwassermenge zu gering.', result: 'Pumpe 2 gegen Reservepumpe getauscht, Saugfilter und Öl gewechselt, Kühlwasser wieder 120 l/min.' },
    },
  },
  {
    system: 'Belt conveyor',
    component: 'Belt',
    failureMode: 'misalignment',
    hours: 3,
    text: {
      en: { title: 'Belt misalignment', description: 'Backup belt running off to the left at the tail pulley, spillage on the walkway; belt sway switch tripped twice.', cause: 'Muck build-up on the tail pulley and a seized return idler.', result: 'Tail pulley cleaned, return idler replaced, belt trained with the adjusting screws; scraper adjusted.' },
      it: { title: 'Nastro disallineato', description: 'Nastro del back-up che scarta a sinistra sul tamburo di coda, materiale sulla passerella; interruttore di sbandamento scattato due volte.', cause: 'Accumulo di smarino sul tamburo di coda e un rullo di ritorno grippato.', result: 'Tamburo di coda pulito, rullo di ritorno sostituito, nastro centrato con le viti di regolazione; raschiatore regolato.' },
      tr: { title: 'Bant kayması', description: 'Arka tesis bandı kuyruk tamburunda sola kayıyor, yürüme yoluna malzeme dökülüyor; bant kayma şalteri iki kez attı.', cause: 'Kuyruk tamburunda pasa birikmesi ve sıkışmış bir dönüş rulosu.', result: 'Kuyruk tamburu temizlendi, dönüş rulosu değiştirildi, bant ayar vidalarıyla hizalandı; sıyırıcı ayarlandı.' },
      pt: { title: 'Desalinhamento da tela', description: 'Tela do back-up a fugir para a esquerda no tambor de cauda, derrame na passadiço; interruptor de desvio disparou duas vezes.', cause: 'Acumulação de escombro no tambor de cauda e um rolo de retorno gripado.', result: 'Tambor de cauda limpo, rolo de retorno substituído, tela centrada com os parafusos de ajuste; raspador ajustado.' },
      zh: { title: '皮带跑偏', description: '后配套皮带在尾部滚筒处向左跑偏，走道撒料；跑偏开关两次动作。', cause: '尾部滚筒粘渣，一个回程托辊卡死。', result: '清理尾部滚筒，更换回程托辊，用调整螺栓纠偏；调整清扫器。' },
    },
  },
  {
    system: 'Erector',
    component: 'Vacuum plate',
    failureMode: 'control',
    hours: 2,
    text: {
      en: { title: 'Erector vacuum lost', description: 'Segment erector lost vacuum while placing the key segment; segment held by the mechanical lock.', cause: 'Torn vacuum plate seal and a sticking pressure switch.', result: 'Seal of the vacuum plate replaced, pressure switch cleaned and tested, vacuum test at every ring start.' },
      it: { title: 'Perdita vuoto erettore', description: "L'erettore ha perso il vuoto posando il concio di chiave; concio trattenuto dal blocco meccanico.", cause: 'Guarnizione della piastra a vuoto strappata e pressostato che si incolla.', result: 'Guarnizione della piastra sostituita, pressostato pulito e provato, prova del vuoto a ogni inizio anello.' },
      tr: { title: 'Erektör vakum kaybı', description: 'Segment erektörü anahtar segmenti yerleştirirken vakumu kaybetti; segment mekanik kilitle tutuldu.', cause: 'Yırtık vakum plakası contası ve takılan basınç şalteri.', result: 'Vakum plakası contası değiştirildi, basınç şalteri temizlenip test edildi, her halka başında vakum testi.' },
      pt: { title: 'Perda de vácuo do erector', description: 'O erector perdeu o vácuo ao colocar a aduela de fecho; aduela segura pelo bloqueio mecânico.', cause: 'Vedante da placa de vácuo rasgado e pressóstato a prender.', result: 'Vedante da placa substituído, pressóstato limpo e testado, teste de vácuo no início de cada anel.' },
      zh: { title: '拼装机真空吸盘失压', description: '拼装机安装封顶块时真空失压；管片由机械锁保持。', cause: '真空吸盘密封条撕裂，压力开关卡滞。', result: '更换吸盘密封条，清洁并测试压力开关，每环开始前做真空测试。' },
    },
  },
  {
    system: 'Tail seal',
    component: 'Tail brushes',
    failureMode: 'leakage',
    hours: 12,
    text: {
      en: { title: 'Tail seal water ingress', description: 'Water and fines entering at the tail between segments 3 and 4; tail grease consumption doubled.', cause: 'Tail brush row 1 damaged at the invert; grease chamber underfilled after a pump stop.', result: 'Tail grease chambers refilled at higher pressure, consumption monitored per ring; brush replacement planned at the next shaft.' },
      it: { title: 'Infiltrazione acqua dalla tenuta di coda', description: 'Acqua e fini entrano in coda tra i conci 3 e 4; consumo di grasso di coda raddoppiato.', cause: "Prima fila di spazzole danneggiata all'arco rovescio; camere del grasso poco piene dopo un fermo pompa.", result: 'Camere del grasso di coda riempite a pressione maggiore, consumo seguito per anello; sostituzione spazzole al prossimo pozzo.' },
      tr: { title: 'Kuyruk keçesinden su girişi', description: 'Kuyrukta 3 ve 4 numaralı segmentler arasından su ve ince malzeme giriyor; kuyruk gresi tüketimi iki katına çıktı.', cause: 'Tabanda 1. fırça sırası hasarlı; pompa duruşundan sonra gres odaları eksik dolu.', result: 'Kuyruk gres odaları daha yüksek basınçla dolduruldu, halka başına tüketim izleniyor; fırça değişimi sonraki şaftta.' },
      pt: { title: 'Entrada de água pelo vedante de cauda', description: 'Água e finos a entrar na cauda entre as aduelas 3 e 4; consumo de massa de cauda duplicou.', cause: 'Primeira fila de escovas danificada na soleira; câmaras de massa pouco cheias após paragem da bomba.', result: 'Câmaras de massa de cauda recarregadas a maior pressão, consumo seguido por anel; troca de escovas no próximo poço.' },
      zh: { title: '盾尾密封渗水', description: '盾尾3号与4号管片间渗水带细砂；盾尾油脂消耗翻倍。', cause: '底部第一道盾尾刷损坏；油脂泵停机后油脂腔未充满。', result: '以更高压力补充盾尾油脂腔，逐环监测消耗；计划在下一工作井更换盾尾刷。' },
    },
  },
];

/** Each demo run's languages, in the order its repairs use them (the site's own first). */
const RUN_LANGUAGES: readonly (readonly Language[])[] = [
  ['it', 'it', 'it', 'en'],
  ['tr', 'tr', 'tr', 'en'],
  ['pt', 'pt', 'de', 'pt'],
  ['zh', 'zh', 'zh', 'en'],
];
const FINDERS: Record<Language, readonly string[]> = {
  it: ['Marco Bianchi', 'Luca Verdi', 'Giulia Rossi'],
  tr: ['Mehmet Yılmaz', 'Ayşe Demir', 'Emre Kaya'],
  pt: ['João Silva', 'Ana Costa', 'Rui Santos'],
  zh: ['王磊', '李娜', '张伟'],
  en: ['Tom Walker', 'Sarah Hughes'],
  de: ['Stefan Huber', 'Anna Gruber'],
};

/** Repairs per run (four runs: about sixty), published cases per run (twenty), knowledge items per run (thirty). */
export const DEMO_REPAIRS_PER_RUN = 15;
export const DEMO_CASES_PER_RUN = 5;
const KNOWLEDGE_PER_RUN = [8, 8, 7, 7] as const;

interface DemoDocument {
  name: Partial<Record<Language, string>> & { en: string };
  code: string;
  system: string;
  kind: 'pdf' | 'png';
  /** The document's text (in the PDF; what search finds). */
  text: readonly string[];
}

const DOCUMENTS: readonly DemoDocument[] = [
  { code: 'MD-PR-012', system: 'Main drive', kind: 'pdf', name: { en: 'Main bearing seal replacement procedure', it: 'Procedura sostituzione tenuta cuscinetto principale', tr: 'Ana yatak keçesi değiştirme prosedürü', pt: 'Procedimento de substituição do vedante do rolamento principal', zh: '主轴承密封更换规程' }, text: ['Main bearing seal replacement.', 'Stop the main drive and lock out. Drain the seal chamber and check the grease pump line for blockage.', 'Replace the worn outer seal lip, refill grease, pressurise the chamber to 2.1 bar and hold 24 h.', 'Record oil leak location and seal chamber pressure before and after.'] },
  { code: 'SC-OM-004', system: 'Screw conveyor', kind: 'pdf', name: { en: 'Screw conveyor operation in clay', it: 'Esercizio della coclea in argilla', tr: 'Kilde helezon konveyör işletimi', pt: 'Operação do parafuso sem-fim em argila', zh: '黏土地层螺旋输送机操作' }, text: ['Screw conveyor operation in sticky clay.', 'Foam injection ratio 40-60 %, polymer through the screw ports when torque rises above 70 %.', 'If the screw jams: reverse at low speed, inject water, never exceed the torque limit twice in a row.'] },
  { code: 'CH-WR-002', system: 'Cutterhead', kind: 'pdf', name: { en: 'Disc cutter wear limits and change', it: 'Limiti di usura e cambio dei dischi', tr: 'Disk keski aşınma sınırları ve değişimi', pt: 'Limites de desgaste e troca dos discos', zh: '滚刀磨损限值与更换' }, text: ['Disc cutter wear limits.', 'Gauge cutters: change at 15 mm wear. Face cutters: change at 25 mm wear. Flat spots: change at once.', 'Record each cutter position, wear and reason in the cutter log after every change.'] },
  { code: 'GR-PR-003', system: 'Grouting', kind: 'pdf', name: { en: 'Grout line cleaning after stops', it: 'Pulizia linee di iniezione dopo i fermi', tr: 'Duruşlardan sonra enjeksiyon hattı temizliği', pt: 'Limpeza das linhas de injeção após paragens', zh: '停机后注浆管路清洗' }, text: ['Grout line cleaning.', 'Flush every tail skin grout line with water after any stop longer than 30 minutes.', 'A blocked line: use the cleaning pig and high-pressure water; switch to the spare line meanwhile.'] },
  { code: 'HY-MT-007', system: 'Hydraulics', kind: 'pdf', name: { en: 'Hydraulic pump temperature and filters', it: 'Temperatura pompe idrauliche e filtri', tr: 'Hidrolik pompa sıcaklığı ve filtreler', pt: 'Temperatura das bombas hidráulicas e filtros', zh: '液压泵温度与滤芯' }, text: ['Hydraulic pump maintenance.', 'Oil temperature alarm at 65 C, trip at 70 C. Check the suction filter and the cooling water flow (120 l/min).', 'A noisy pump cavitates: change the suction filter before restarting.'] },
  { code: 'BC-MT-010', system: 'Belt conveyor', kind: 'pdf', name: { en: 'Belt training and idler check', it: 'Centraggio nastro e controllo rulli', tr: 'Bant hizalama ve rulo kontrolü', pt: 'Alinhamento da tela e verificação dos rolos', zh: '皮带纠偏与托辊检查' }, text: ['Belt conveyor training.', 'Clean the tail pulley, replace seized idlers, then train the belt with the adjusting screws a quarter turn at a time.', 'Check the belt sway switches weekly.'] },
  { code: 'ER-SF-001', system: 'Erector', kind: 'png', name: { en: 'Erector vacuum plate layout', it: 'Schema piastra a vuoto erettore', tr: 'Erektör vakum plakası şeması', pt: 'Esquema da placa de vácuo do erector', zh: '拼装机真空吸盘示意图' }, text: [] },
  { code: 'TS-DR-005', system: 'Tail seal', kind: 'png', name: { en: 'Tail seal brush rows drawing', it: 'Disegno file spazzole tenuta di coda', tr: 'Kuyruk keçesi fırça sıraları çizimi', pt: 'Desenho das filas de escovas da cauda', zh: '盾尾刷布置图' }, text: [] },
];

/** A deterministic number stream from the run's seed (the demo is the same at every start). */
function stream(seed: number): () => number {
  let state = seed * 2_654_435_761;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

/** A one-page PDF of a document: its code, name (in Latin letters) and text. */
export async function demoPdf(document: DemoDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`${document.code}  ${document.name.en}`, { x: 50, y: 780, size: 16, font });
  let y = 740;
  for (const line of document.text) {
    for (const part of line.match(/.{1,90}(\s|$)/g) ?? [line]) {
      page.drawText(part.trim(), { x: 50, y, size: 11, font });
      y -= 18;
    }
    y -= 8;
  }
  return pdf.save({ useObjectStreams: false });
}

/** A small drawing of a part as PNG (a picture item or a repair's photo). */
export async function demoPng(label: string, hue: number): Promise<Buffer> {
  const safe = label.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="hsl(${hue},35%,88%)"/><circle cx="240" cy="150" r="90" fill="none" stroke="hsl(${hue},45%,35%)" stroke-width="14"/><rect x="150" y="140" width="180" height="20" fill="hsl(${hue},45%,35%)"/><text x="20" y="300" font-family="sans-serif" font-size="20" fill="#1f2933">${safe}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoRepairsSeeded {
  repairs: number;
  cases: number;
  knowledge: number;
}

/**
 * The demo runs' repairs over their history (faults of the whole machine, in the sites' languages:
 * Italian, Turkish, Portuguese, Chinese, some English and German), the first five repaired ones of
 * each run published as cases with a photo, and the runs' knowledge items with small PDF and PNG
 * files generated here and stored through the file service, their text already extracted. Rows are
 * inserted directly; a run that already holds repairs is left as it is. Deterministic by run order.
 */
export async function seedDemoRepairs(db: Kysely<Database>, files: FilesService, runs: readonly { runId: number }[], now: number, historyDays: number): Promise<DemoRepairsSeeded> {
  const seeded: DemoRepairsSeeded = { repairs: 0, cases: 0, knowledge: 0 };
  const admin = await db.selectFrom('users').select('id').where('is_sa', '=', 1).orderBy('id').executeTakeFirst();
  if (!admin) return seeded;
  for (const [index, run] of runs.entries()) {
    const existing = await db.selectFrom('repair_records').select('id').where('run_id', '=', run.runId).limit(1).executeTakeFirst();
    if (existing) continue;
    const row = await db.selectFrom('runs').select(['start_ring']).where('id', '=', run.runId).executeTakeFirst();
    if (!row) continue;
    const languages = RUN_LANGUAGES[index % RUN_LANGUAGES.length] ?? ['en'];
    const random = stream(index + 1);
    // A history of at least a day, so every repair lies in the past even without recorded history.
    const from = now - Math.max(1, historyDays) * DAY_MS;
    const span = now - from - 3_600_000;
    let cases = 0;
    for (let n = 0; n < DEMO_REPAIRS_PER_RUN; n += 1) {
      const fault = FAULTS[(n + index * 3) % FAULTS.length] ?? FAULTS[0];
      if (!fault) continue;
      const wanted = languages[n % languages.length] ?? 'en';
      const language = fault.text[wanted] ? wanted : 'en';
      const text = fault.text[language] ?? fault.text.en;
      const finders = FINDERS[language];
      const foundAt = Math.round(from + ((n + random() * 0.8) / DEMO_REPAIRS_PER_RUN) * span);
      // The last two of each run are still open (found lately, not yet repaired).
      const repaired = n < DEMO_REPAIRS_PER_RUN - 2;
      const published = repaired && cases < DEMO_CASES_PER_RUN && n % 2 === 0;
      const repairedAt = repaired ? Math.min(now - 60_000, foundAt + fault.hours * 3_600_000) : null;
      const inserted = await db
        .insertInto('repair_records')
        .values({
          run_id: run.runId,
          finder: finders[n % finders.length] ?? 'Site crew',
          found_at: foundAt,
          system: fault.system,
          component: fault.component,
          title: text.title,
          description: text.description,
          failure_mode: fault.failureMode,
          cause: repaired ? text.cause : null,
          result: repaired ? text.result : null,
          repairers: repaired ? [finders[(n + 1) % finders.length], finders[(n + 2) % finders.length]].join(', ') : null,
          repaired_at: repairedAt,
          state: repaired ? 'repaired' : 'open',
          case_state: published ? 'published' : 'none',
          published_at: published && repairedAt !== null ? repairedAt + 2 * 3_600_000 : null,
          published_by: published ? admin.id : null,
          alarm_id: null,
          ring_no: row.start_ring + Math.round(((foundAt - from) / (now - from)) * Math.max(1, historyDays) * 9),
          mtce_record_id: null,
          fingerprint: null,
          created_by: admin.id,
          created_at: foundAt,
          updated_at: repairedAt ?? foundAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      seeded.repairs += 1;
      if (published) {
        cases += 1;
        const photo = await files.put(once(await demoPng(`${fault.component} – ${text.title}`.slice(0, 48), (n * 47 + index * 90) % 360)), { purpose: 'repairPhoto', runId: run.runId, uploaderId: admin.id, name: `repair-${inserted.id}.png` });
        await files.attach([photo.id], { kind: 'repairRecord', id: inserted.id }, { runId: run.runId });
      }
    }
    seeded.cases += cases;
    const documents = KNOWLEDGE_PER_RUN[index % KNOWLEDGE_PER_RUN.length] ?? 7;
    for (let n = 0; n < documents; n += 1) {
      const document = DOCUMENTS[n % DOCUMENTS.length];
      if (!document) continue;
      const language = languages[0] ?? 'en';
      const name = document.name[language] ?? document.name.en;
      const data = document.kind === 'pdf' ? await demoPdf(document) : await demoPng(`${document.code} ${document.name.en}`, (n * 53) % 360);
      const stored = await files.put(once(data), { purpose: 'knowledge', runId: run.runId, uploaderId: admin.id, name: `${document.code}.${document.kind}` });
      const at = from + Math.round((n / documents) * 3_600_000);
      const text = document.text.join('\n');
      const item = await db
        .insertInto('knowledge_items')
        .values({
          run_id: run.runId,
          name,
          code: document.code,
          system: document.system,
          remark: document.kind === 'pdf' ? 'Manufacturer manual, site revision' : null,
          file_id: stored.id,
          extraction: document.kind === 'pdf' ? 'done' : 'none',
          text: document.kind === 'pdf' ? `${document.code} ${document.name.en}\n${text}` : null,
          created_by: admin.id,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await files.attach([stored.id], { kind: 'knowledgeItem', id: item.id }, { runId: run.runId });
      seeded.knowledge += 1;
    }
  }
  return seeded;
}
