//+------------------------------------------------------------------+
//| Tools/DateTime.mqh — structure CDateTime (Standard Library).     |
//|                                                                  |
//| An MqlDateTime with methods: names of months and days, days in   |
//| the month, conversion from and to datetime, setters of each part |
//| and calendar arithmetic.                                         |
//| - The setters ignore a value out of range (seconds and minutes   |
//|   0…59, hours 0…23, day 1…DaysInMonth(), month 1…12, year from   |
//|   1970); a new month or year keeps the day within the month      |
//|   (DayCheck: 31 January + 1 month is 28/29 February).            |
//| - SecInc…DayInc/…Dec move the time by that many seconds, minutes,|
//|   hours or days, carrying into the larger parts; MonInc/YearInc  |
//|   and their …Dec move the month or year and then apply DayCheck. |
//|   A negative delta moves the other way.                          |
//| - After a setter or a move, day_of_week and day_of_year follow   |
//|   the new date (DateTime(MqlDateTime) copies the structure as    |
//|   given).                                                        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+

struct CDateTime : public MqlDateTime
  {
   //--- names (English), by number or of the structure's month / day of the week
   string            MonthName(const int num) const;
   string            ShortMonthName(const int num) const;
   string            DayName(const int num) const;
   string            ShortDayName(const int num) const;
   string            MonthName(void) const { return(MonthName(mon)); }
   string            ShortMonthName(void) const { return(ShortMonthName(mon)); }
   string            DayName(void) const { return(DayName(day_of_week)); }
   string            ShortDayName(void) const { return(ShortDayName(day_of_week)); }
   //--- days in the structure's month (0 for a month out of range)
   int               DaysInMonth(void) const;
   //--- the whole value
   datetime          DateTime(void) { return(StructToTime(this)); }
   void              DateTime(const datetime value) { TimeToStruct(value, this); }
   void              DateTime(const MqlDateTime &value);
   //--- the date part (year, month, day) or the time part (hour, minute, second) of a value
   void              Date(const datetime value);
   void              Date(const MqlDateTime &value);
   void              Time(const datetime value);
   void              Time(const MqlDateTime &value);
   //--- setters of one part
   void              Sec(const int value);
   void              Min(const int value);
   void              Hour(const int value);
   void              Day(const int value);
   void              Mon(const int value);
   void              Year(const int value);
   //--- moves
   void              SecDec(int delta = 1) { MoveSeconds(-(long)delta); }
   void              SecInc(int delta = 1) { MoveSeconds(delta); }
   void              MinDec(int delta = 1) { MoveSeconds(-60 * (long)delta); }
   void              MinInc(int delta = 1) { MoveSeconds(60 * (long)delta); }
   void              HourDec(int delta = 1) { MoveSeconds(-3600 * (long)delta); }
   void              HourInc(int delta = 1) { MoveSeconds(3600 * (long)delta); }
   void              DayDec(int delta = 1) { MoveSeconds(-86400 * (long)delta); }
   void              DayInc(int delta = 1) { MoveSeconds(86400 * (long)delta); }
   void              MonDec(int delta = 1) { MoveMonths(-(long)delta); }
   void              MonInc(int delta = 1) { MoveMonths(delta); }
   void              YearDec(int delta = 1) { MoveMonths(-12 * (long)delta); }
   void              YearInc(int delta = 1) { MoveMonths(12 * (long)delta); }
   //--- keeps the day within the month (the last day if beyond)
   void              DayCheck(void);

   //--- helpers
   void              MoveSeconds(const long delta);
   void              MoveMonths(const long delta);
   void              Refresh(void);
  };
//+------------------------------------------------------------------+
//| Month name, 1 = "January"; "Bad month" out of range.             |
//+------------------------------------------------------------------+
string CDateTime::MonthName(const int num) const
  {
   string names[12] = {"January", "February", "March", "April", "May", "June", "July",
                       "August", "September", "October", "November", "December"};
   if(num < 1 || num > 12)
      return("Bad month");
   return(names[num - 1]);
  }
//+------------------------------------------------------------------+
//| Short month name, 1 = "jan"; "Bad month" out of range.           |
//+------------------------------------------------------------------+
string CDateTime::ShortMonthName(const int num) const
  {
   if(num < 1 || num > 12)
      return("Bad month");
   string name = MonthName(num);
   StringToLower(name);
   return(StringSubstr(name, 0, 3));
  }
//+------------------------------------------------------------------+
//| Day name, 0 = "Sunday"; "Bad day of week" out of range.          |
//+------------------------------------------------------------------+
string CDateTime::DayName(const int num) const
  {
   string names[7] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
   if(num < 0 || num > 6)
      return("Bad day of week");
   return(names[num]);
  }
//+------------------------------------------------------------------+
//| Two-letter day name, 0 = "Su"; "Bad day of week" out of range.   |
//+------------------------------------------------------------------+
string CDateTime::ShortDayName(const int num) const
  {
   if(num < 0 || num > 6)
      return("Bad day of week");
   return(StringSubstr(DayName(num), 0, 2));
  }
//+------------------------------------------------------------------+
//| Days in the month of the structure (Gregorian leap years).       |
//+------------------------------------------------------------------+
int CDateTime::DaysInMonth(void) const
  {
   if(mon < 1 || mon > 12)
      return(0);
   if(mon == 2)
     {
      bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
      return(leap ? 29 : 28);
     }
   if(mon == 4 || mon == 6 || mon == 9 || mon == 11)
      return(30);
   return(31);
  }
//+------------------------------------------------------------------+
//| Copies every field of `value`.                                   |
//+------------------------------------------------------------------+
void CDateTime::DateTime(const MqlDateTime &value)
  {
   year = value.year;
   mon = value.mon;
   day = value.day;
   hour = value.hour;
   min = value.min;
   sec = value.sec;
   day_of_week = value.day_of_week;
   day_of_year = value.day_of_year;
  }
//+------------------------------------------------------------------+
//| Takes the date of `value`, keeps the time.                       |
//+------------------------------------------------------------------+
void CDateTime::Date(const datetime value)
  {
   MqlDateTime parts;
   TimeToStruct(value, parts);
   Date(parts);
  }
void CDateTime::Date(const MqlDateTime &value)
  {
   year = value.year;
   mon = value.mon;
   day = value.day;
   DayCheck();
  }
//+------------------------------------------------------------------+
//| Takes the time of day of `value`, keeps the date.                |
//+------------------------------------------------------------------+
void CDateTime::Time(const datetime value)
  {
   MqlDateTime parts;
   TimeToStruct(value, parts);
   Time(parts);
  }
void CDateTime::Time(const MqlDateTime &value)
  {
   hour = value.hour;
   min = value.min;
   sec = value.sec;
  }
//+------------------------------------------------------------------+
//| Setters: a value out of range is ignored.                        |
//+------------------------------------------------------------------+
void CDateTime::Sec(const int value)
  {
   if(value >= 0 && value < 60)
      sec = value;
  }
void CDateTime::Min(const int value)
  {
   if(value >= 0 && value < 60)
      min = value;
  }
void CDateTime::Hour(const int value)
  {
   if(value >= 0 && value < 24)
      hour = value;
  }
void CDateTime::Day(const int value)
  {
   if(value < 1 || value > DaysInMonth())
      return;
   day = value;
   Refresh();
  }
void CDateTime::Mon(const int value)
  {
   if(value < 1 || value > 12)
      return;
   mon = value;
   DayCheck();
  }
void CDateTime::Year(const int value)
  {
   if(value < 1970)
      return;
   year = value;
   DayCheck();
  }
//+------------------------------------------------------------------+
//| Keeps the day within the month, then refreshes the day of the    |
//| week and of the year.                                            |
//+------------------------------------------------------------------+
void CDateTime::DayCheck(void)
  {
   int last = DaysInMonth();
   if(day > last)
      day = last;
   if(day < 1)
      day = 1;
   Refresh();
  }
//+------------------------------------------------------------------+
//| Moves the value by `delta` seconds.                              |
//+------------------------------------------------------------------+
void CDateTime::MoveSeconds(const long delta)
  {
   if(delta == 0)
      return;
   datetime value = StructToTime(this);
   TimeToStruct(value + delta, this);
  }
//+------------------------------------------------------------------+
//| Moves the month by `delta` months (carrying into the year), then |
//| keeps the day within the new month.                              |
//+------------------------------------------------------------------+
void CDateTime::MoveMonths(const long delta)
  {
   if(delta == 0)
      return;
   long months = (long)year * 12 + (mon - 1) + delta;
   long y = months / 12;
   long m = months % 12;
   if(m < 0)
     {
      m += 12;
      y--;
     }
   year = (int)y;
   mon = (int)m + 1;
   DayCheck();
  }
//+------------------------------------------------------------------+
//| Recomputes day_of_week and day_of_year from the date.            |
//+------------------------------------------------------------------+
void CDateTime::Refresh(void)
  {
   MqlDateTime parts;
   TimeToStruct(StructToTime(this), parts);
   day_of_week = parts.day_of_week;
   day_of_year = parts.day_of_year;
  }
